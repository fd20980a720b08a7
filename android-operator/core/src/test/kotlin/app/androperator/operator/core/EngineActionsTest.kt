package app.androperator.operator.core

import app.androperator.operator.core.Fixtures.action
import app.androperator.operator.core.Fixtures.payload
import app.androperator.operator.core.Fixtures.run
import app.androperator.operator.core.Fixtures.screen
import app.androperator.operator.core.Fixtures.settings
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotEquals
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test

/** Readiness, text, reads, waits, scrolls, overlays and recording over the scripted platform. */
class EngineActionsTest {
    private val main = screen("com.example", settings)
    private fun m(vararg pairs: Pair<String, Any?>) = obj(*pairs)

    private fun rows(vararg labels: String) = Fixtures.frame("[0,0][1080,2400]",
        Fixtures.list("app:id/list", "[0,0][1080,2000]", *labels.mapIndexed { i, l -> Fixtures.text(l, "[0,${i * 200}][1080,${i * 200 + 200}]") }.toTypedArray()))

    @Test fun accessibilityMustBeConnectedForUiActions() {
        val (e, _) = run(listOf(main), payload(action("a1", "snapshot")), obj("accessibilityRunning" to false))
        assertEquals(ErrorCodes.SERVICE_UNAVAILABLE, e.errorCode)
        assertTrue(e.stepResults.isEmpty())
    }

    @Test fun lockedDeviceIsNotInteractive() {
        val (e, _) = run(listOf(main), payload(action("a1", "snapshot")), obj("deviceLocked" to true))
        assertEquals("DEVICE_NOT_INTERACTIVE", e.errorCode)
    }

    @Test fun doctorPingRunsOnALockedDeviceAndReportsStringBooleans() {
        val (e, _) = run(listOf(main), payload(action("h1", "doctor_ping")), obj("deviceLocked" to true, "userUnlocked" to false))
        assertEquals("success", e.status)
        assertEquals("true", e.stepResults[0].data["device_locked"])
        assertEquals("false", e.stepResults[0].data["user_unlocked"])
        assertEquals("true", e.stepResults[0].data["developer_options_enabled"])
    }

    @Test fun userNotUnlockedBlocksEverythingButDoctorPing() {
        val (e, _) = run(listOf(main), payload(action("a1", "list_notifications")), obj("userUnlocked" to false))
        assertEquals("DEVICE_USER_NOT_UNLOCKED", e.errorCode)
    }

    @Test fun notificationReadsBypassInteractiveReadiness() {
        val (e, _) = run(listOf(main), payload(action("a1", "list_notifications")), obj("screenOn" to false))
        assertEquals("success", e.status)
    }

    @Test fun enterTextReportsRequestedValuesAndAcceptance() {
        val (e, _) = run(listOf(main), payload(action("a1", "enter_text", m("matcher" to m("resourceId" to "app:id/search"), "text" to "hello", "clear" to true))))
        val d = e.stepResults[0].data
        assertEquals("hello", d["text"])
        assertEquals("true", d["clear"])
        assertEquals("false", d["submit"])
        assertEquals("accepted", d["text_entry"])
        assertEquals("not_requested", d["submission"])
        assertEquals("not_requested", d["submit_method"])
    }

    @Test fun enterTextSubmitUsesTheImeAction() {
        val (e, _) = run(listOf(main), payload(action("a1", "enter_text", m("matcher" to m("resourceId" to "app:id/search"), "text" to "x", "submit" to true))))
        assertEquals("ime_action", e.stepResults[0].data["submit_method"])
        assertEquals("accepted", e.stepResults[0].data["submission"])
    }

    @Test fun enterTextOnANonEditableNodeFails() {
        val (e, _) = run(listOf(main), payload(action("a1", "enter_text", m("matcher" to m("textEquals" to "Battery"), "text" to "x"))))
        assertEquals("ACTION_FAILED", e.stepResults[0].data["errorCode"])
        assertEquals("set_text_failed", e.stepResults[0].data["failure_point"])
    }

    @Test fun readTextAllReturnsAJsonList() {
        val (e, _) = run(listOf(main), payload(action("a1", "read_text", m("matcher" to m("textEquals" to "Open"), "all" to true))))
        assertEquals("[\"Open\",\"Open\"]", e.stepResults[0].data["text"])
        assertFalse(e.stepResults[0].data.containsKey("selection_warning"))
    }

    @Test fun readTextVersionValidator() {
        val s = screen("p", Fixtures.frame("[0,0][1080,2400]", Fixtures.text("14.2.1", "[0,0][100,100]")))
        val (e, _) = run(listOf(s), payload(action("a1", "read_text", m("matcher" to m("textContains" to "14"), "validator" to "version"))))
        assertEquals("success", e.status)
        assertEquals("version", e.stepResults[0].data["validator"])
    }

    @Test fun readKeyValuePairReadsTheNextLabelInTheRow() {
        val (e, _) = run(listOf(main), payload(action("a1", "read_key_value_pair", m("labelMatcher" to m("textEquals" to "Battery")))))
        assertEquals("Battery", e.stepResults[0].data["key"])
        assertEquals("87 %", e.stepResults[0].data["value"])
    }

    @Test fun waitForNodeTimesOutOnItsOwnBudget() {
        val (e, p) = run(listOf(main), payload(action("a1", "wait_for_node", m("matcher" to m("textEquals" to "Later"), "timeoutMs" to 300))))
        assertEquals("WAIT_TIMEOUT", e.stepResults[0].data["errorCode"])
        assertEquals(ScriptedPlatform.START_ELAPSED_MS + 300, p.clock)
    }

    @Test fun waitForNodeReportsTheLabel() {
        val (e, _) = run(listOf(main), payload(action("a1", "wait_for_node", m("matcher" to m("textEquals" to "Battery")))))
        assertEquals("Battery", e.stepResults[0].data["text"])
    }

    @Test fun waitForNavigationReportsTheResolvedPackage() {
        val (e, _) = run(listOf(main), payload(action("a1", "wait_for_navigation", m("expectedPackage" to "com.example", "timeoutMs" to 1000))))
        assertEquals("com.example", e.stepResults[0].data["resolved_package"])
    }

    @Test fun scrollThatChangesContentIsMoved() {
        val (e, _) = run(listOf(screen("p", rows("A", "B")), screen("p", rows("C", "D"))), payload(action("a1", "scroll")))
        val d = e.stepResults[0].data
        assertEquals("moved", d["scroll_outcome"])
        assertEquals("coordinate_gesture", d["dispatch_method"])
        val progress = Json.parse(d.getValue("progress")).asObject()!!
        assertEquals(true, progress["comparable"])
        assertNotEquals(progress["beforeSignature"], progress["afterSignature"])
        assertEquals("0.7", d["distance_ratio"])
        assertEquals("250", d["settle_delay_ms"])
    }

    @Test fun scrollWithoutChangeIsNoMovementAndStillSucceeds() {
        val (e, _) = run(listOf(screen("p", rows("A", "B"))), payload(action("a1", "scroll", m("direction" to "up"))))
        assertEquals("success", e.status)
        assertEquals("no_movement", e.stepResults[0].data["scroll_outcome"])
        assertEquals("signature_unchanged", Json.parse(e.stepResults[0].data.getValue("progress")).asObject()!!["reason"])
    }

    @Test fun scrollWithoutAScrollableContainerIsReturnedInFirstMatchMode() {
        val s = screen("p", Fixtures.frame("[0,0][1080,2400]", Fixtures.text("A", "[0,0][10,10]")))
        val (e, _) = run(listOf(s), payload(action("a1", "scroll"), action("a2", "snapshot")))
        assertEquals(ErrorCodes.CONTAINER_NOT_FOUND, e.stepResults[0].data["errorCode"])
        assertEquals(2, e.stepResults.size)
    }

    @Test fun scrollUntilFindsATargetAfterScrolling() {
        val (e, _) = run(listOf(screen("p", rows("A", "B")), screen("p", rows("C", "Target"))),
            payload(action("a1", "scroll_until", m("matcher" to m("textEquals" to "Target")))))
        val d = e.stepResults[0].data
        assertEquals("success", e.status)
        assertEquals("1", d["scrolls_executed"])
        assertEquals("target_found", d["termination_reason"])
    }

    @Test fun scrollUntilStopsAfterRepeatedNoMovement() {
        val (e, _) = run(listOf(screen("p", rows("A", "B"))), payload(action("a1", "scroll_until", m("matcher" to m("textEquals" to "Never")))))
        val d = e.stepResults[0].data
        assertEquals(ErrorCodes.NODE_NOT_FOUND, d["errorCode"])
        assertEquals("no_position_change", d["termination_reason"])
        assertEquals("3", d["scrolls_executed"])
    }

    @Test fun scrollAndClickClicksTheRevealedTarget() {
        val target = Fixtures.frame("[0,0][1080,2400]", Fixtures.list("app:id/list", "[0,0][1080,2000]", Fixtures.button("Go", "[0,0][1080,200]")))
        val (e, _) = run(listOf(screen("p", rows("A")), screen("p", target), screen("p", rows("Done"))),
            payload(action("a1", "scroll_and_click", m("matcher" to m("textEquals" to "Go"), "container" to m("resourceId" to "app:id/list")))))
        val d = e.stepResults[0].data
        assertEquals("success", e.status)
        assertEquals("accessibility_action", d["dispatch_method"])
        assertEquals("1", d["scrolls_executed"])
    }

    @Test fun snapshotReturnsHierarchyXmlAndMetadata() {
        val (e, _) = run(listOf(main), payload(action("a1", "snapshot")))
        val d = e.stepResults[0].data
        assertTrue(d.getValue("text").startsWith(HierarchyXml.HEADER + "<hierarchy rotation=\"0\"><node "))
        assertEquals("com.example", d["foreground_package"])
        assertEquals("false", d["has_overlay"])
        assertEquals("1", d["window_count"])
    }

    @Test fun queryUiCountsMatches() {
        val (e, _) = run(listOf(main), payload(action("q", "query_ui", m("matcher" to m("role" to "button")))))
        val q = Json.parse(e.stepResults[0].data.getValue("query")).asObject()!!
        assertEquals(2.0, q["totalMatches"])
        assertTrue((q["snapshotId"] as String).startsWith("obs-"))
        assertTrue((q["capturedAt"] as String).endsWith("Z"))
    }

    @Test fun toastAndCancelToast() {
        val (e, p) = run(listOf(main), payload(action("t", "show_toast", m("text" to "Hi", "duration" to "long")), action("c", "cancel_toast")))
        assertEquals(mapOf("submitted" to "true", "duration" to "long"), e.stepResults[0].data)
        assertEquals(mapOf("submitted" to "true"), e.stepResults[1].data)
        assertEquals(listOf("Hi"), p.toasts)
    }

    @Test fun onScreenLogNormalizesColorsAndReportsBounds() {
        val (e, p) = run(listOf(main), payload(action("s", "set_on_screen_log", m("text" to "FLOW", "textColor" to "#a1b2c3", "anchor" to "right"))))
        val d = e.stepResults[0].data
        assertEquals("#FFA1B2C3", d["text_color"])
        assertEquals("#B3000000", d["background_color"])
        assertEquals("right", d["anchor"])
        assertEquals("280", d["width_dp"])
        assertTrue(d.getValue("bounds").matches(Regex("""\[\d+,\d+]\[\d+,\d+]""")))
        assertEquals(listOf("FLOW"), p.drawnPanel!!.lines)
    }

    @Test fun onScreenLogRejectsUnknownParamsBeforeDispatch() {
        val (e, p) = run(listOf(main), payload(action("s", "set_on_screen_log", m("text" to "x", "value" to "y"))))
        assertEquals(ErrorCodes.EXECUTION_VALIDATION_FAILED, e.errorCode)
        assertNull(p.drawnPanel)
    }

    @Test fun clearOnScreenLogHidesThePanel() {
        val (e, p) = run(listOf(main), payload(action("s", "set_on_screen_log", m("text" to "x")), action("c", "clear_on_screen_log")))
        assertEquals(mapOf("visible" to "false"), e.stepResults[1].data)
        assertNull(p.drawnPanel)
    }

    @Test fun templatesExpandPlaceholdersAndEscapes() {
        val (e, p) = run(listOf(main), payload(action("s", "set_on_screen_log", m("template" to "{{foreground_app.package_name}} {{{{x}}}} {{system.language_name}}"))))
        assertEquals("success", e.status)
        assertEquals(listOf("com.example {{x}} English"), p.drawnPanel!!.lines.take(1))
    }

    @Test fun recordingStartStopWritesNdjson() {
        val (e, p) = run(listOf(main, main), payload(
            action("r1", "start_recording", m("sessionId" to "s1")),
            action("c", "click", m("matcher" to m("resourceId" to "app:id/open"))),
            action("r2", "stop_recording")))
        assertEquals("success", e.status)
        assertEquals("1", e.stepResults[2].data["eventCount"])
        val file = p.files.getValue(e.stepResults[2].data.getValue("filePath")).trim().split("\n")
        assertEquals("recording_header", Json.parse(file[0]).asObject()!!["type"])
        assertEquals("click", Json.parse(file[1]).asObject()!!["type"])
    }

    @Test fun screenshotAndCloseAreHostSide() {
        val (e, _) = run(listOf(main), payload(action("s", "take_screenshot"), action("c", "close_app", m("applicationId" to "x"))))
        assertEquals(ErrorCodes.UNSUPPORTED_RUNTIME_SCREENSHOT, e.stepResults[0].data["errorCode"])
        assertEquals("UNSUPPORTED_RUNTIME_CLOSE", e.stepResults[1].data["errorCode"])
        assertEquals("x", e.stepResults[1].data["application_id"])
    }

    @Test fun openAppOfAnInstalledScreenPackageWaitsForForeground() {
        val other = screen("com.other", Fixtures.frame("[0,0][1080,2400]"))
        val (e, p) = run(listOf(main, other), payload(action("o", "open_app", m("applicationId" to "com.other"))))
        assertEquals("success", e.status)
        assertEquals("com.other", p.foregroundPackage())
        val (missing, _) = run(listOf(main), payload(action("o", "open_app", m("applicationId" to "com.none"))))
        assertEquals("APP_NOT_INSTALLED", missing.stepResults[0].data["errorCode"])
    }

    @Test fun swipeOutsideTheDisplayIsAReturnedGestureFailure() {
        val (e, _) = run(listOf(main), payload(action("s", "swipe", m("start" to m("x" to 1, "y" to 1), "end" to m("x" to 5000, "y" to 1), "durationMs" to 100))))
        val d = e.stepResults[0].data
        assertEquals(ErrorCodes.GESTURE_FAILED, d["errorCode"])
        assertEquals("none", d["dispatch_method"])
        assertEquals("{\"x\":5000,\"y\":1}", d["end"])
    }

    @Test fun pressKeyNormalizesCase() {
        val (e, _) = run(listOf(main, main), payload(action("k", "press_key", m("key" to " BACK "))))
        assertEquals("back", e.stepResults[0].data["key"])
    }

    @Test fun unparseablePayloadsGetNoAnswer() {
        assertNull(RawExecution.parse("not json"))
        assertNull(RawExecution.parse("""{"commandId":" ","taskId":"t","actions":[]}"""))
        assertNull(RawExecution.parse("""{"commandId":"c","taskId":"t"}"""))
        assertEquals(120000L, RawExecution.parse("""{"commandId":"c","taskId":"t","timeoutMs":999999,"actions":[]}""")!!.timeoutMs)
    }
}
