package app.androperator.operator.core

import app.androperator.operator.core.Fixtures.action
import app.androperator.operator.core.Fixtures.payload
import app.androperator.operator.core.Fixtures.run
import app.androperator.operator.core.Fixtures.screen
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test

class NotificationMediaTest {
    private val main = screen("com.example", Fixtures.frame("[0,0][1080,2400]"))
    private fun m(vararg pairs: Pair<String, Any?>) = obj(*pairs)

    private fun notification(key: String, clearable: Boolean = true, actions: List<NotificationButton> = listOf(NotificationButton("Reply", false, false)), revision: Long = 1) =
        ActiveNotification(key, "com.chat", "Title", "Body", 1000, !clearable, clearable, null, false, null, actions, revision)

    private fun session(id: String, pkg: String = "com.player", state: String = "playing", controls: List<String> = listOf("play", "pause", "seek"), seq: Long = 1) =
        MediaSession(id, pkg, "Song", "Artist", 200000, state, controls, seq, 59000, 1000, 59000, 1.0, null, "local")

    private fun payloadOf(e: Envelope, i: Int = 0) = Json.parse(e.stepResults[i].data.getValue("payload")).asObject()!!

    @Test fun listNotificationsIssuesOpaqueActionHandles() {
        val (e, _) = run(listOf(main), payload(action("l", "list_notifications", m("limit" to 1))), setup = {
            it.notificationSource.items.addAll(listOf(notification("k1"), notification("k2")))
        })
        val p = payloadOf(e)
        assertEquals(1.0, p["schemaVersion"])
        assertEquals(2.0, p["total"])
        assertEquals(true, p["truncated"])
        val n = p["notifications"].asArray()!![0].asObject()!!
        assertEquals("k1", n["key"])
        assertEquals("na-1", n["actions"].asArray()!![0].asObject()!!["actionId"])
        assertEquals(true, p["deviceState"].asObject()!!["screenOn"])
    }

    @Test fun deniedAccessIsAnErrorNotAnEmptyList() {
        val (e, _) = run(listOf(main), payload(action("l", "list_notifications")), obj("notificationListener" to "denied"))
        assertEquals("NOTIFICATION_ACCESS_DENIED", e.errorCode)
    }

    @Test fun disconnectedListenerIsReported() {
        val (e, _) = run(listOf(main), payload(action("l", "list_media_sessions")), obj("notificationListener" to "disconnected"))
        assertEquals("NOTIFICATION_LISTENER_DISCONNECTED", e.errorCode)
    }

    @Test fun dismissObservesRemoval() {
        val (e, p) = run(listOf(main), payload(action("d", "dismiss_notification", m("notificationKey" to "k1", "waitTimeoutMs" to 500))), setup = {
            it.notificationSource.items.add(notification("k1"))
        })
        val body = payloadOf(e)
        assertEquals(true, body["dispatched"])
        assertEquals(true, body["removalObserved"])
        assertTrue(p.notificationSource.items.isEmpty())
    }

    @Test fun dismissOfAnOngoingNotificationIsRefusedBeforeDispatch() {
        val (e, _) = run(listOf(main), payload(action("d", "dismiss_notification", m("notificationKey" to "k1"))), setup = {
            it.notificationSource.items.add(notification("k1", clearable = false))
        })
        assertEquals("NOTIFICATION_NOT_DISMISSIBLE", e.errorCode)
        assertEquals("false", e.stepResults[0].data["dispatched"])
    }

    @Test fun missingKeyIsExpired() {
        val (e, _) = run(listOf(main), payload(action("d", "dismiss_notification", m("notificationKey" to "gone"))))
        assertEquals("NOTIFICATION_EXPIRED", e.errorCode)
    }

    @Test fun invokeSendsTheAdvertisedButtonOnce() {
        val (e, p) = run(listOf(main), payload(
            action("l", "list_notifications"),
            action("i", "invoke_notification_action", m("notificationKey" to "k1", "actionId" to "na-1"))), setup = {
            it.notificationSource.items.add(notification("k1"))
        })
        assertEquals("success", e.status)
        assertEquals(listOf("k1#0"), p.notificationSource.invoked)
    }

    @Test fun unknownHandleIsExpired() {
        val (e, _) = run(listOf(main), payload(action("i", "invoke_notification_action", m("notificationKey" to "k1", "actionId" to "na-9"))), setup = {
            it.notificationSource.items.add(notification("k1"))
        })
        assertEquals("NOTIFICATION_ACTION_EXPIRED", e.errorCode)
    }

    @Test fun remoteInputButtonsAreUnsupported() {
        val (e, _) = run(listOf(main), payload(
            action("l", "list_notifications"),
            action("i", "invoke_notification_action", m("notificationKey" to "k1", "actionId" to "na-1"))), setup = {
            it.notificationSource.items.add(notification("k1", actions = listOf(NotificationButton("Reply", true, false))))
        })
        assertEquals("NOTIFICATION_ACTION_INPUT_UNSUPPORTED", e.errorCode)
    }

    @Test fun mediaStatusHasPositionEvidence() {
        val (e, _) = run(listOf(main), payload(action("s", "get_media_status", m("applicationId" to "com.player"))), setup = {
            it.mediaSource.sessions.add(session("s1"))
        })
        val s = payloadOf(e)["session"].asObject()!!
        assertEquals("player_report", s["evidence"])
        assertEquals("ms-1", s["mediaSessionId"])
        assertEquals(2000.0, s["estimatedPositionMs"])
        assertEquals(1000.0, s["positionUpdateAgeMs"])
    }

    @Test fun platformQueryWithoutAReportHasNullOriginalFields() {
        val (e, _) = run(listOf(main), payload(action("s", "get_media_status", m("applicationId" to "com.player"))), setup = {
            it.mediaSource.sessions.add(session("s1", seq = 0))
        })
        val s = payloadOf(e)["session"].asObject()!!
        assertEquals("platform_query", s["evidence"])
        assertNull(s["reportedPositionMs"])
        assertEquals("original_player_report_unavailable", s["positionUnknownReason"])
    }

    @Test fun ambiguousPackageRequiresASessionHandle() {
        val (e, _) = run(listOf(main), payload(action("s", "media_pause", m("applicationId" to "com.player"))), setup = {
            it.mediaSource.sessions.addAll(listOf(session("s1"), session("s2")))
        })
        assertEquals("MEDIA_SESSION_AMBIGUOUS", e.errorCode)
    }

    @Test fun pauseWithWaitObservesTheTargetState() {
        val (e, p) = run(listOf(main), payload(action("s", "media_pause", m("applicationId" to "com.player", "waitTimeoutMs" to 1000))), setup = {
            it.mediaSource.sessions.add(session("s1"))
        })
        val body = payloadOf(e)
        assertEquals(true, body["targetStateObserved"])
        assertEquals(listOf("s1:pause"), p.mediaSource.controls)
    }

    @Test fun unadvertisedControlIsUnsupported() {
        val (e, p) = run(listOf(main), payload(action("s", "media_seek", m("applicationId" to "com.player", "positionMs" to 10))), setup = {
            it.mediaSource.sessions.add(session("s1", controls = listOf("play")))
        })
        assertEquals("MEDIA_ACTION_UNSUPPORTED", e.errorCode)
        assertEquals("false", e.stepResults[0].data["dispatched"])
        assertTrue(p.mediaSource.controls.isEmpty())
    }

    @Test fun seekBeyondKnownDurationIsOutOfRange() {
        val (e, _) = run(listOf(main), payload(action("s", "media_seek", m("applicationId" to "com.player", "positionMs" to 300000))), setup = {
            it.mediaSource.sessions.add(session("s1"))
        })
        assertEquals("MEDIA_POSITION_OUT_OF_RANGE", e.errorCode)
    }

    @Test fun seekIsConfirmedByANewReport() {
        val (e, _) = run(listOf(main), payload(action("s", "media_seek", m("applicationId" to "com.player", "positionMs" to 20000, "waitTimeoutMs" to 500))), setup = {
            it.mediaSource.sessions.add(session("s1"))
        })
        assertEquals(true, payloadOf(e)["targetPositionObserved"])
    }

    @Test fun observeMediaCountsReports() {
        val (e, _) = run(listOf(main), payload(action("o", "observe_media", m("applicationId" to "com.player", "durationMs" to 300))), setup = {
            it.mediaSource.sessions.add(session("s1"))
        })
        val body = payloadOf(e)
        assertEquals(0.0, body["newPlayerReportCount"])
        assertEquals(300.0, body["durationMs"])
        assertEquals(0.0, body["reportedPositionDeltaMs"])
    }

    @Test fun notificationAndMediaParamsAreAsStrictAsNodes() {
        val (e, _) = run(listOf(main), payload(action("l", "list_notifications", m("limit" to 0))))
        assertEquals(ErrorCodes.EXECUTION_VALIDATION_FAILED, e.errorCode)
        assertTrue(e.stepResults.isEmpty())
        val (both, _) = run(listOf(main), payload(action("s", "get_media_status", m("applicationId" to "a", "mediaSessionId" to "b"))))
        assertEquals(ErrorCodes.EXECUTION_VALIDATION_FAILED, both.errorCode)
    }

    @Test fun mediaControlReceiptSurvivesAFailure() {
        val (e, _) = run(listOf(main), payload(action("s", "media_pause", m("applicationId" to "com.player", "waitTimeoutMs" to 200))), setup = {
            it.mediaSource.sessions.add(session("s1", controls = listOf("pause")))
            it.mediaSource.refuse = false
            it.mediaSource.silent = true
        })
        assertEquals("MEDIA_POSTCONDITION_TIMEOUT", e.errorCode)
        assertEquals("true", e.stepResults[0].data["dispatched"])
        assertEquals("200", e.stepResults[0].data["waitTimeoutMs"])
    }
}
