package app.androperator.operator.core

import app.androperator.operator.core.Fixtures.action
import app.androperator.operator.core.Fixtures.payload
import app.androperator.operator.core.Fixtures.run
import app.androperator.operator.core.Fixtures.screen
import app.androperator.operator.core.Fixtures.settings
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test

/** The action engine end to end over the scripted platform. */
class EngineTest {
    private val main = screen("com.example", settings)
    private val next = screen("com.example", Fixtures.frame("[0,0][1080,2400]", Fixtures.text("Saved", "[0,0][1080,200]")))

    private fun m(vararg pairs: Pair<String, Any?>) = obj(*pairs)
    private fun step(e: Envelope, i: Int = 0) = e.stepResults[i]

    @Test fun clickOnClickableNodeReportsAccessibilityReceipt() {
        val (e, _) = run(listOf(main, next), payload(action("a1", "click", m("matcher" to m("resourceId" to "app:id/open")))))
        assertEquals("success", e.status)
        val d = step(e).data
        assertEquals("accessibility_action", d["dispatch_method"])
        assertEquals("true", d["dispatch_accepted"])
        assertEquals("1", d["candidate_count"])
        assertEquals("0.2", Json.parse(d.getValue("target")).asObject()!!["nodePath"])
        assertFalse(d.containsKey("matched_target"))
        assertTrue(d.containsKey("elapsed_ms"))
    }

    @Test fun clickOnTextFallsBackToClickableAncestor() {
        val (e, _) = run(listOf(main, next), payload(action("a1", "click", m("matcher" to m("textEquals" to "Wi-Fi")))))
        val d = step(e).data
        assertEquals("0.1.0", Json.parse(d.getValue("target")).asObject()!!["nodePath"])
        assertEquals("0.1.0.0", Json.parse(d.getValue("matched_target")).asObject()!!["nodePath"])
    }

    @Test fun clickOnUnclickableTreeUsesACoordinateGesture() {
        val s = screen("p", Fixtures.frame("[0,0][1080,2400]", Fixtures.text("Plain", "[0,0][100,100]")))
        val (e, p) = run(listOf(s, next), payload(action("a1", "click", m("matcher" to m("textEquals" to "Plain")))))
        assertEquals("coordinate_gesture", step(e).data["dispatch_method"])
        assertTrue(step(e).data.containsKey("matched_target"))
        assertEquals(ScriptedPlatform.START_ELAPSED_MS + ClickDispatch.TAP_MS, p.clock)
    }

    @Test fun duplicateTargetsWarnInFirstMatchMode() {
        val (e, _) = run(listOf(main), payload(action("a1", "click", m("matcher" to m("textEquals" to "Open")))))
        assertEquals("success", e.status)
        assertTrue(step(e).data.getValue("selection_warning").contains("target: 2"))
    }

    @Test fun strictAmbiguityIsThrownAndStopsTheSequence() {
        val (e, _) = run(listOf(main), payload(
            action("a1", "click", m("matcher" to m("textEquals" to "Open"), "strict" to true)),
            action("a2", "snapshot")))
        assertEquals("failed", e.status)
        assertEquals(ErrorCodes.NODE_AMBIGUOUS, e.errorCode)
        assertEquals(1, e.stepResults.size)
        assertEquals("2", step(e).data["candidate_count"])
        assertEquals("none", step(e).data["dispatch_method"])
        assertEquals("2 nodes matched in strict mode", step(e).data["error"])
    }

    @Test fun firstMatchAbsenceIsReturnedAndTheSequenceContinues() {
        val (e, p) = run(listOf(main), payload(
            action("a1", "click", m("matcher" to m("textEquals" to "Nope"))),
            action("a2", "read_text", m("matcher" to m("textEquals" to "Battery")))))
        assertEquals("failed", e.status)
        assertNull(e.errorCode)
        assertEquals("Step a1 (click) failed: NODE_NOT_FOUND", e.error)
        assertEquals(2, e.stepResults.size)
        assertEquals("NODE_NOT_FOUND", step(e).data["error"])
        assertEquals("NODE_NOT_FOUND", step(e).data["errorCode"])
        assertTrue(step(e, 1).success)
        // UiReadiness: 3 attempts with 250 and 500 ms between them.
        assertEquals(ScriptedPlatform.START_ELAPSED_MS + 750, p.clock)
    }

    @Test fun strictAbsenceIsThrown() {
        val (e, _) = run(listOf(main), payload(action("a1", "click", m("matcher" to m("textEquals" to "Nope"), "strict" to true, "retry" to m("maxAttempts" to 1)))))
        assertEquals(ErrorCodes.NODE_NOT_FOUND, e.errorCode)
        assertEquals("No node matched", e.error)
    }

    @Test fun retryObjectIsClampedAndUsed() {
        val (_, p) = run(listOf(main), payload(action("a1", "click", m("matcher" to m("textEquals" to "Nope"),
            "retry" to m("maxAttempts" to 2, "initialDelayMs" to 100)))))
        assertEquals(ScriptedPlatform.START_ELAPSED_MS + 100, p.clock)
    }

    @Test fun commandTimeoutKeepsCollectedSteps() {
        val (e, _) = run(listOf(main), payload(action("a1", "snapshot"), action("a2", "sleep", m("durationMs" to 5000)), action("a3", "snapshot"), timeoutMs = 1000))
        assertEquals(ErrorCodes.COMMAND_TIMEOUT, e.errorCode)
        assertEquals("Command timed out after 1000 ms", e.error)
        assertEquals(2, e.stepResults.size)
        assertTrue(step(e).success)
        assertEquals(ErrorCodes.COMMAND_TIMEOUT, step(e, 1).data["errorCode"])
    }

    @Test fun gestureThatOutlivesTheBudgetIsACommandTimeout() {
        val (e, _) = run(listOf(main), payload(action("a1", "drag", m("start" to m("x" to 1, "y" to 1), "end" to m("x" to 5, "y" to 5),
            "holdDurationMs" to 800, "moveDurationMs" to 800)), timeoutMs = 1000))
        assertEquals(ErrorCodes.COMMAND_TIMEOUT, e.errorCode)
    }

    @Test fun unsupportedActionTypeFailsBeforeAnyStep() {
        val (e, _) = run(listOf(main), payload(action("a1", "snapshot"), action("a2", "teleport")))
        assertEquals(ErrorCodes.EXECUTION_ACTION_UNSUPPORTED, e.errorCode)
        assertTrue(e.stepResults.isEmpty())
    }

    @Test fun paramErrorsFailTheWholeCommandBeforeAnyStep() {
        val (e, p) = run(listOf(main, next), payload(action("a1", "click", m("matcher" to m("textEquals" to "Open"))), action("a2", "sleep")))
        assertEquals(ErrorCodes.EXECUTION_VALIDATION_FAILED, e.errorCode)
        assertEquals("sleep requires params.durationMs", e.error)
        assertTrue(e.stepResults.isEmpty())
        assertEquals("com.example", p.foregroundPackage())
        // No prefix ran: the click would have moved the device to the next screen.
        assertTrue(p.capture().hierarchy === main.hierarchy)
    }
}
