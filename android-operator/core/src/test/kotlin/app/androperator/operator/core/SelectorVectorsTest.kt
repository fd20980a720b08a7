package app.androperator.operator.core

import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.junit.Test
import org.junit.runner.RunWith
import org.junit.runners.Parameterized

/** Every vector of conformance/selectors (format: conformance/selectors/README.md). */
@RunWith(Parameterized::class)
class SelectorVectorsTest(@Suppress("unused") private val label: String, private val file: Conformance.VectorFile, private val v: Map<String, Any?>) {
    companion object {
        @JvmStatic
        @Parameterized.Parameters(name = "{0}")
        fun vectors(): List<Array<Any>> = Conformance.parameters("selectors")
    }

    private val expect = v["expect"].asObject()!!

    private fun tree(): UiHierarchy {
        val t = v["tree"]
        val nodes = if (t is String) file.json["trees"].asObject()!![t] else t
        return UiHierarchy.fromTree(nodes)
    }

    private fun screen(): Bounds? = Bounds.fromJson(v["screen"] ?: file.json["screen"])

    private fun matcher(key: String): NodeMatcher? = v[key]?.let { MatcherInput.validate(it) }

    @Test
    fun agrees() {
        when (v["kind"]) {
            "resolve" -> resolve()
            "query" -> query()
            "parse" -> parse()
            "role" -> assertEquals(expect["role"], Roles.ofClass(v["className"] as String?))
            "label" -> assertEquals(expect["label"], UiNode.fromAttributes(v["node"]).label)
            else -> fail("unknown vector kind ${v["kind"]}")
        }
    }

    private fun resolve() {
        val capture = Capture(tree(), screen())
        val visibility = Visibility.fromWire(v["visibility"] as String? ?: "on_screen")!!
        try {
            val r = Selector.select(capture, matcher("matcher")!!, visibility, v["strict"] == true, matcher("container"), v["allTargets"] == true)
            assertEquals("unexpected success", null, expect["error"])
            assertEquals(expect["paths"], r.matches.map { it.path })
            assertEquals((expect["candidateCount"] as Number).toInt(), r.candidateCount)
            if (expect.containsKey("target")) assertEquals(expect["target"], r.matches.firstOrNull()?.path)
            if (expect.containsKey("containerPath")) assertEquals(expect["containerPath"], r.container?.path)
            if (expect.containsKey("warning")) assertEquals(expect["warning"], r.warning)
        } catch (e: SelectionFailure) {
            assertEquals("unexpected failure ${e.code}", expect["error"], e.code)
            assertEquals((expect["candidateCount"] as Number).toInt(), e.candidateCount)
        }
    }

    private fun query() {
        val capture = Capture(tree(), screen(), "snap", "2026-01-01T00:00:00.000Z")
        val visibility = Visibility.fromWire(v["visibility"] as String? ?: "on_screen")!!
        val limit = (v["limit"] as Number?)?.toInt() ?: QueryUi.DEFAULT_LIMIT
        try {
            val payload = Json.parse(QueryUi.json(capture, matcher("matcher"), visibility, limit)).asObject()!!
            assertEquals("unexpected success", null, expect["error"])
            for (key in listOf("totalMatches", "returnedCount", "truncated")) {
                if (expect.containsKey(key)) assertTrue("$key: ${payload[key]}", Conformance.jsonEquals(expect[key], payload[key]))
            }
            val nodes = payload["nodes"].asArray()!!.map { it.asObject()!! }
            if (expect.containsKey("paths")) assertEquals(expect["paths"], nodes.map { it["nodePath"] })
            for (want in expect["nodes"].asArray().orEmpty().map { it.asObject()!! }) {
                val got = nodes.firstOrNull { it["nodePath"] == want["nodePath"] } ?: throw AssertionError("no node ${want["nodePath"]}")
                for ((k, value) in want) assertTrue("${want["nodePath"]}.$k: ${got[k]} != $value", Conformance.jsonEquals(value, got[k]))
            }
        } catch (e: StepFailure) {
            assertEquals(expect["error"], e.code)
        }
    }

    private fun parse() {
        try {
            val h = HierarchyXmlParser.parse(v["xml"] as String)
            assertEquals("unexpected success", null, expect["error"])
            val want = expect["roots"]
            val got = h.roots.map { asTree(it) }
            assertTrue("parsed ${Json.stringify(got)}", Conformance.jsonEquals(want, got))
        } catch (e: SnapshotExtractionFailed) {
            assertEquals("unexpected failure ${e.reason}: ${e.message}", expect["error"], e.code)
            assertEquals(expect["reason"], e.reason)
        }
    }

    private fun asTree(node: UiNode): Map<String, Any?> {
        val out = LinkedHashMap<String, Any?>()
        for ((k, value) in HierarchyXml.attributes(node)) out[k] = value
        if (node.children.isNotEmpty()) out["children"] = node.children.map { asTree(it) }
        return out
    }
}
