package app.androperator.operator.app

import app.androperator.operator.core.Capture
import app.androperator.operator.core.Conformance
import app.androperator.operator.core.HierarchyXmlParser
import app.androperator.operator.core.Json
import app.androperator.operator.core.MatcherInput
import app.androperator.operator.core.SelectionFailure
import app.androperator.operator.core.Selector
import app.androperator.operator.core.Visibility
import app.androperator.operator.core.asArray
import app.androperator.operator.core.asObject
import org.junit.Assert.assertEquals
import org.junit.Test
import org.junit.runner.RunWith
import org.junit.runners.Parameterized
import java.io.File

/**
 * The cross-check with the host: conformance/captured-screens/resolutions.json
 * names matchers and the resolution each Operator must give on the captured
 * screens (hierarchy XML written by [NodeCaptureTest] from real Views). This
 * runs them through the Kotlin core; test/operator/captured-screens.test.ts runs
 * the same file through the TypeScript selector engine.
 */
@RunWith(Parameterized::class)
class CapturedScreensTest(@Suppress("unused") private val label: String, private val v: Map<String, Any?>) {
    companion object {
        private val dir get() = File(Conformance.root, "captured-screens")

        @JvmStatic
        @Parameterized.Parameters(name = "{0}")
        fun vectors(): List<Array<Any>> = Json.parse(File(dir, "resolutions.json").readText()).asObject()!!["vectors"].asArray()!!
            .map { it.asObject()!! }.map { arrayOf<Any>("${it["screen"]}: ${it["name"]}", it) }
    }

    @Test
    fun resolvesAsTheVectorSays() {
        val hierarchy = HierarchyXmlParser.parse(File(dir, "${v["screen"]}.xml").readText())
        val expect = v["expect"].asObject()!!
        val visibility = Visibility.fromWire(v["visibility"] as String? ?: "on_screen")!!
        try {
            val r = Selector.select(Capture(hierarchy), MatcherInput.validate(v["matcher"]), visibility, v["strict"] == true, null, false)
            assertEquals("unexpected success", null, expect["error"])
            assertEquals(expect["paths"], r.matches.map { it.path })
            assertEquals((expect["candidateCount"] as Number).toInt(), r.candidateCount)
        } catch (e: SelectionFailure) {
            assertEquals("unexpected failure ${e.code}", expect["error"], e.code)
            assertEquals((expect["candidateCount"] as Number).toInt(), e.candidateCount)
        }
    }
}
