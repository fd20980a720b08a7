package app.androperator.operator.core

import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.junit.Test

/** Params, retries, XML, templates and payload validation details. */
class CoreUnitsTest {
    private fun reader(json: String) = ParamReader("a1", "click", Json.parse(json))

    @Test fun numbersAreClampedAndNumericStringsRead() {
        assertEquals(1.0, reader("""{"r":"5"}""").number("r", 0.7, 0.0, 1.0), 0.0)
        assertEquals(0.7, reader("""{"r":"x"}""").number("r", 0.7, 0.0, 1.0), 0.0)
        assertEquals(0.25, reader("""{"r":0.25}""").number("r", 0.7, 0.0, 1.0), 0.0)
        assertEquals(7L, reader("""{"n":7.9}""").integer("n", 1, 1, 10))
    }

    @Test fun booleansAcceptTheirStringForms() {
        assertTrue(reader("""{"b":"true"}""").boolean("b", false))
        assertEquals(false, reader("""{"b":1}""").boolean("b", false))
    }

    @Test fun paramErrorsNameTheActionAndPath() {
        try {
            reader("""{}""").requiredString("uri")
            fail()
        } catch (e: ParamError) {
            assertEquals("params.uri", e.path)
            assertEquals("click requires params.uri", e.message)
        }
    }

    @Test fun pointsMustBeNonNegativeIntegers() {
        assertEquals(Point(3, 4), reader("""{"p":{"x":3,"y":4}}""").point("p"))
        try {
            reader("""{"p":{"x":-1,"y":4}}""").point("p")
            fail()
        } catch (e: ParamError) {
            assertEquals("params.p", e.path)
        }
    }

    @Test fun retryDefaultsAndClamps() {
        val r = RetryPolicy.read(reader("""{"retry":{"maxAttempts":40,"initialDelayMs":-5,"backoffMultiplier":9}}"""), "retry", "UiReadiness")
        assertEquals(10.0, r.maxAttempts, 0.0)
        assertEquals(0.0, r.initialDelayMs, 0.0)
        assertEquals(5.0, r.backoffMultiplier, 0.0)
        assertEquals(RetryPolicy.PROFILES["None"], RetryPolicy.read(reader("{}"), "retry", "None"))
    }

    @Test fun retryDelaysGrowExponentiallyAndCap() {
        val r = RetryPolicy(5.0, 250.0, 1000.0, 2.0, 0.0)
        assertEquals(listOf(250L, 500L, 1000L, 1000L), (1..4).map { r.delayMs(it) })
    }

    @Test fun maxDelayIsClampedToInitialDelay() {
        val r = RetryPolicy.clamp(RetryPolicy(2.0, 500.0, 100.0, 1.0, 2.0))
        assertEquals(500.0, r.maxDelayMs, 0.0)
        assertEquals(1.0, r.jitterRatio, 0.0)
    }

    @Test fun jsNumberFollowsJavaScript() {
        assertEquals(12.0, ParamReader.jsNumber(" 12 ")!!, 0.0)
        assertEquals(0.0, ParamReader.jsNumber("")!!, 0.0)
        assertNull(ParamReader.jsNumber("12px"))
        assertEquals(1500.0, ParamReader.jsNumber("1.5e3")!!, 0.0)
    }

    @Test fun hierarchyXmlRoundTrips() {
        val h = UiHierarchy.fromTree(listOf(Fixtures.settings))
        val xml = HierarchyXml.write(h)
        assertEquals(xml, HierarchyXml.write(HierarchyXmlParser.parse(xml)))
    }

    @Test fun hierarchyXmlEscapesAttributeValues() {
        val xml = HierarchyXml.write(UiHierarchy(listOf(UiNode(text = "a<b>&\"c'\n"))))
        assertTrue(xml.contains("text=\"a&lt;b&gt;&amp;&quot;c'&#10;\""))
        assertEquals("a<b>&\"c'\n", HierarchyXmlParser.parse(xml).roots[0].text)
    }

    @Test fun unknownAttributesSurviveTheRoundTrip() {
        val h = HierarchyXmlParser.parse("<hierarchy rotation=\"1\"><node hint=\"Name\" text=\"x\"/></hierarchy>")
        assertEquals(1, h.rotation)
        assertEquals(mapOf("hint" to "Name"), h.roots[0].extra)
        assertTrue(HierarchyXml.write(h).contains("hint=\"Name\""))
    }

    @Test fun doctypeIsRejected() {
        try {
            HierarchyXmlParser.parse("<!DOCTYPE x><hierarchy/>")
            fail()
        } catch (e: SnapshotExtractionFailed) {
            assertEquals("dtd", e.reason)
        }
    }

    @Test fun templateProblemsAreReported() {
        assertNull(Overlay.templateProblem("{{device.model}} {{{{ }}}}"))
        assertTrue(Overlay.templateProblem("{{nope}}")!!.contains("supported"))
        assertTrue(Overlay.templateProblem("a }} b")!!.contains("unmatched"))
    }

    @Test fun boundedValuesNeverSplitSurrogatePairs() {
        assertEquals("ab…", Overlay.bounded("abcdef", 3))
        assertEquals("a…", Overlay.bounded("a\ud83d\ude00bc", 3))
        assertEquals("a b", Overlay.bounded("a\u0001b", 10))
    }

    @Test fun validationNormalizesAliases() {
        val out = PayloadValidation.validate(Json.parse("""{"command_id":"c","task_id":"t","source":"s","expected_format":"android-ui-automator",
            "timeout_ms":30000,"actions":[{"id":"a","type":"tap","params":{"selector":{"text":"OK"}}}]}"""))
        assertEquals("c", out["commandId"])
        val action = out["actions"].asArray()!![0].asObject()!!
        assertEquals("click", action["type"])
        assertEquals(obj("matcher" to obj("textEquals" to "OK")), Conformance.plain(action["params"]))
    }

    @Test fun validationReportsThePathOfTheFault() {
        try {
            PayloadValidation.validate(Json.parse("""{"commandId":"c","taskId":"t","source":"s","expectedFormat":"android-ui-automator",
                "timeoutMs":30000,"actions":[{"id":"w","type":"wait_for_navigation","params":{"expectedPackage":"p","timeoutMs":30001}}]}"""))
            fail()
        } catch (e: PayloadRejected) {
            assertEquals("actions.0.params.timeoutMs", e.path)
            assertEquals("w", e.actionId)
            assertEquals("wait_for_navigation", e.actionType)
        }
    }

    @Test fun validationExpandsSixDigitColors() {
        val out = PayloadValidation.validate(Json.parse("""{"commandId":"c","taskId":"t","source":"s","expectedFormat":"android-ui-automator",
            "timeoutMs":30000,"actions":[{"id":"p","type":"set_on_screen_log","params":{"text":"x","textColor":"#a1b2c3"}}]}"""))
        assertEquals("#FFA1B2C3", out["actions"].asArray()!![0].asObject()!!["params"].asObject()!!["textColor"])
    }

    @Test fun oversizedPayloadIsTooLarge() {
        try {
            PayloadValidation.validate(obj("commandId" to "x".repeat(70000)))
            fail()
        } catch (e: PayloadRejected) {
            assertEquals("PAYLOAD_TOO_LARGE", e.code)
            assertEquals("", e.path)
        }
    }

    @Test fun isoTimestampsHaveMilliseconds() {
        assertEquals("1970-01-01T00:00:01.500Z", Observe.isoUtc(1500))
    }
}
