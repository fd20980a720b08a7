package app.androperator.operator.core

import org.junit.Assert.assertNotNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.junit.runners.Parameterized

/** Every vector of conformance/executions: payload + screens → envelope (README normalization). */
@RunWith(Parameterized::class)
class ExecutionVectorsTest(@Suppress("unused") private val label: String, private val file: Conformance.VectorFile, private val v: Map<String, Any?>) {
    companion object {
        @JvmStatic
        @Parameterized.Parameters(name = "{0}")
        fun vectors(): List<Array<Any>> = Conformance.parameters("executions")

        /** The README's normalization of timing and observation-local fields. */
        fun normalize(envelope: Any?): Any? {
            val e = LinkedHashMap(envelope.asObject()!!)
            e["stepResults"] = e["stepResults"].asArray()!!.map { s ->
                val step = LinkedHashMap(s.asObject()!!)
                val d = LinkedHashMap<String, Any?>(step["data"].asObject()!!)
                if (d.containsKey("elapsed_ms")) d["elapsed_ms"] = "<elapsed_ms>"
                for (key in listOf("query", "candidates")) {
                    val text = d[key] as? String ?: continue
                    val parsed = LinkedHashMap(Json.parse(text).asObject()!!)
                    parsed["snapshotId"] = "<snapshot-id>"
                    parsed["capturedAt"] = "<captured-at>"
                    d[key] = parsed
                }
                (d["progress"] as? String)?.let { text ->
                    val p = LinkedHashMap(Json.parse(text).asObject()!!)
                    for (k in listOf("beforeSignature", "afterSignature")) if (p[k] != null) p[k] = "<signature>"
                    d["progress"] = p
                }
                step["data"] = d
                step
            }
            return e
        }
    }

    @Test
    fun agrees() {
        val envelope = ScriptedPlatform.run(v["payload"], ScriptedPlatform.screensOf(file.json, v), v["device"].asObject() ?: emptyMap())
        assertNotNull("the Operator did not answer", envelope)
        val actual = normalize(Conformance.plain(envelope!!.toJson()))
        val expected = normalize(v["expect"])
        assertTrue("\nexpected ${Json.stringify(expected)}\nactual   ${Json.stringify(actual)}", Conformance.jsonEquals(expected, actual))
    }
}
