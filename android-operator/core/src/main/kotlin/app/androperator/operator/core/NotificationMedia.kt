package app.androperator.operator.core

/** Notification listener state (seed 001): access granted and listener connected. */
enum class ListenerStatus { CONNECTED, DISCONNECTED, DENIED }

class NotificationButton(val title: String, val requiresInput: Boolean, val requiresAuthentication: Boolean)

class NotificationProgress(val value: Int, val max: Int, val indeterminate: Boolean)

/** One active notification as the listener sees it (`StatusBarNotification`). */
class ActiveNotification(
    val key: String, val packageName: String, val title: String?, val text: String?, val postTime: Long,
    val ongoing: Boolean, val clearable: Boolean, val group: String?, val groupSummary: Boolean,
    val progress: NotificationProgress?, val actions: List<NotificationButton>,
    /** Bumped by every update of the same key; button handles carry it. */
    val revision: Long
)

enum class InvokeResult { SENT, EXPIRED, CANCELLED, FAILED }

/** The Operator's notification listener service. */
interface NotificationSource {
    fun status(): ListenerStatus
    /** Connection generation; a reconnection invalidates issued button handles. */
    fun generation(): Long
    fun active(): List<ActiveNotification>
    /** Requests cancellation; false when Android refused the request. */
    fun dismiss(key: String): Boolean
    /** Sends the advertised PendingIntent of button [index] of [key] at [revision] once. */
    fun invoke(key: String, revision: Long, index: Int): InvokeResult
}

/** One active media session with the latest original player report (seed 000). */
class MediaSession(
    val sessionId: String, val packageName: String, val title: String?, val artist: String?, val durationMs: Long?,
    /** `playing`, `paused`, `buffering`, `stopped`, ... */
    val state: String, val supportedControls: List<String>,
    /** Number of playback-state callbacks received for this session (0 before the first). */
    val reportSequence: Long, val reportReceivedElapsedMs: Long?,
    val positionMs: Long?, val positionUpdatedElapsedMs: Long?, val playbackSpeed: Double?,
    val bufferedPositionMs: Long?, val playbackType: String
)

interface MediaSource {
    fun sessions(): List<MediaSession>
    /** Sends a transport control; false when the platform rejected it. */
    fun control(sessionId: String, control: String, positionMs: Long?): Boolean
}

/**
 * Notification and media-session actions (seeds 001, 000; 003:6260-6552).
 * Reads and media controls need neither accessibility nor an interactive
 * device; notification mutations need both. Payloads are JSON strings with
 * `schemaVersion: 1` and `deviceState` in `data.payload`.
 */
object NotificationMediaActions {
    private const val POLL_MS = 100L
    private const val MAX_PAYLOAD_BYTES = 64000
    private const val MAX_SAMPLES = 64

    private fun listener(ctx: ActionContext): NotificationSource {
        val n = ctx.platform.notifications()
        when (n.status()) {
            ListenerStatus.DENIED -> throw StepFailure("NOTIFICATION_ACCESS_DENIED", "Notification access is not granted to the Operator")
            ListenerStatus.DISCONNECTED -> throw StepFailure("NOTIFICATION_LISTENER_DISCONNECTED", "The notification listener is not connected")
            ListenerStatus.CONNECTED -> return n
        }
    }

    private fun payload(ctx: ActionContext, fields: Map<String, Any?>): String = Json.stringify(LinkedHashMap<String, Any?>().apply {
        put("schemaVersion", 1)
        putAll(fields)
        put("observedElapsedMs", ctx.platform.now())
        put("deviceState", ctx.platform.deviceState().toJson())
    })

    private fun cut(s: String?, max: Int): String? = if (s == null || s.length <= max) s else s.substring(0, max)

    class ListParams(val applicationId: String?, val limit: Int, val maxTextChars: Int)

    private fun listParams(p: ParamReader) = ListParams(p.optionalString("applicationId"),
        p.integer("limit", 25, 1, 100).toInt(), p.integer("maxTextChars", 256, 1, 1024).toInt())

    val listNotifications = object : ActionSpec<ListParams>("list_notifications", ActionGates.BACKGROUND) {
        override fun parse(params: ParamReader) = listParams(params)

        override fun run(ctx: ActionContext, step: StepIdentity, params: ListParams): StepResult {
            val n = listener(ctx)
            val all = n.active().filter { params.applicationId == null || it.packageName == params.applicationId }
            val items = ArrayList<Map<String, Any?>>()
            var bytes = 0
            for (a in all.take(params.limit)) {
                val actions = a.actions.mapIndexed { i, b -> obj(
                    "actionId" to ctx.state.issueNotificationAction(NotificationActionRef(a.key, a.revision, i, n.generation())),
                    "title" to cut(b.title, params.maxTextChars), "requiresInput" to b.requiresInput,
                    "requiresAuthentication" to b.requiresAuthentication
                ) }
                val item = obj(
                    "key" to a.key, "applicationId" to a.packageName,
                    "title" to cut(a.title, params.maxTextChars), "text" to cut(a.text, params.maxTextChars),
                    "postTime" to a.postTime, "ongoing" to a.ongoing, "clearable" to a.clearable,
                    "group" to a.group, "groupSummary" to a.groupSummary,
                    "textTruncated" to ((a.title?.length ?: 0) > params.maxTextChars || (a.text?.length ?: 0) > params.maxTextChars),
                    "actions" to actions, "actionsTruncated" to a.actions.any { it.title.length > params.maxTextChars },
                    "progress" to a.progress?.let { obj("value" to it.value, "max" to it.max, "indeterminate" to it.indeterminate) }
                )
                bytes += Json.stringify(item).toByteArray(Charsets.UTF_8).size + 1
                if (bytes > MAX_PAYLOAD_BYTES - 1024) break
                items.add(item)
            }
            return step.succeeded(data("payload" to payload(ctx, obj("notifications" to items, "total" to all.size, "truncated" to (items.size < all.size)))))
        }
    }

    class DismissParams(val key: String, val waitTimeoutMs: Long)

    val dismissNotification = object : ActionSpec<DismissParams>("dismiss_notification", ActionGates.UI) {
        override fun parse(params: ParamReader) = DismissParams(params.requiredString("notificationKey"), params.integer("waitTimeoutMs", 0, 0, 30000))

        override fun run(ctx: ActionContext, step: StepIdentity, params: DismissParams): StepResult {
            ctx.evidence["dispatched"] = "false"
            ctx.evidence["waitTimeoutMs"] = params.waitTimeoutMs.toString()
            val n = listener(ctx)
            val current = n.active().firstOrNull { it.key == params.key }
                ?: throw StepFailure("NOTIFICATION_EXPIRED", "Notification ${params.key} is no longer active", ctx.evidence)
            if (!current.clearable) throw StepFailure("NOTIFICATION_NOT_DISMISSIBLE", "Notification ${params.key} is not clearable", ctx.evidence)
            if (!n.dismiss(params.key)) throw StepFailure("NOTIFICATION_MEDIA_OPERATION_FAILED", "Cancellation request failed", ctx.evidence)
            ctx.evidence["dispatched"] = "true"
            val removed = WaitActions.pollUntil(ctx, params.waitTimeoutMs) { if (n.active().none { it.key == params.key }) true else null } == true
            return step.succeeded(data("payload" to payload(ctx, obj("notificationKey" to params.key, "dispatched" to true,
                "removalObserved" to removed, "waitTimeoutMs" to params.waitTimeoutMs))))
        }
    }

    val invokeNotificationAction = object : ActionSpec<Pair<String, String>>("invoke_notification_action", ActionGates.UI) {
        override fun parse(params: ParamReader) = params.requiredString("notificationKey") to params.requiredString("actionId")

        override fun run(ctx: ActionContext, step: StepIdentity, params: Pair<String, String>): StepResult {
            val (key, actionId) = params
            ctx.evidence["dispatched"] = "false"
            val n = listener(ctx)
            val current = n.active().firstOrNull { it.key == key }
                ?: throw StepFailure("NOTIFICATION_EXPIRED", "Notification $key is no longer active", ctx.evidence)
            val ref = ctx.state.notificationActions[actionId]
            if (ref == null || ref.key != key || ref.revision != current.revision || ref.generation != n.generation() || ref.actionIndex >= current.actions.size) {
                throw StepFailure("NOTIFICATION_ACTION_EXPIRED", "Action $actionId is no longer advertised; list notifications again", ctx.evidence)
            }
            val button = current.actions[ref.actionIndex]
            if (button.requiresInput) throw StepFailure("NOTIFICATION_ACTION_INPUT_UNSUPPORTED", "The button requires RemoteInput", ctx.evidence)
            if (button.requiresAuthentication) throw StepFailure("NOTIFICATION_ACTION_AUTHENTICATION_UNSUPPORTED", "The button requires authentication", ctx.evidence)
            when (n.invoke(key, ref.revision, ref.actionIndex)) {
                InvokeResult.EXPIRED -> throw StepFailure("NOTIFICATION_ACTION_EXPIRED", "The notification changed before dispatch", ctx.evidence)
                InvokeResult.CANCELLED -> throw StepFailure("NOTIFICATION_ACTION_CANCELLED", "Android cancelled the PendingIntent", ctx.evidence)
                InvokeResult.FAILED -> throw StepFailure("NOTIFICATION_MEDIA_OPERATION_FAILED", "Sending the PendingIntent failed", ctx.evidence)
                InvokeResult.SENT -> Unit
            }
            return step.succeeded(data("payload" to payload(ctx, obj("notificationKey" to key, "actionId" to actionId, "dispatched" to true))))
        }
    }

    /** Session status with position evidence (000 "Position evidence"). */
    fun sessionJson(ctx: ActionContext, s: MediaSession, maxText: Int): Map<String, Any?> {
        val now = ctx.platform.now()
        val fromPlayer = s.reportSequence > 0
        val estimate = if (fromPlayer) estimate(s, now) else s.positionMs
        return obj(
            "mediaSessionId" to ctx.state.mediaHandle(s.sessionId), "applicationId" to s.packageName,
            "title" to cut(s.title, maxText), "artist" to cut(s.artist, maxText), "durationMs" to s.durationMs,
            "state" to s.state, "supportedControls" to s.supportedControls,
            "evidence" to if (fromPlayer) "player_report" else "platform_query",
            "reportedPositionMs" to if (fromPlayer) s.positionMs?.takeIf { it >= 0 } else null,
            "positionUpdatedElapsedMs" to if (fromPlayer) s.positionUpdatedElapsedMs else null,
            "positionUpdateAgeMs" to if (fromPlayer) s.positionUpdatedElapsedMs?.let { now - it } else null,
            "estimatedPositionMs" to estimate,
            "positionUnknownReason" to when {
                !fromPlayer -> "original_player_report_unavailable"
                estimate == null -> "invalid_position_timing"
                else -> null
            },
            "playbackSpeed" to s.playbackSpeed,
            "playerReportSequence" to s.reportSequence,
            "playerReportReceivedElapsedMs" to s.reportReceivedElapsedMs,
            "bufferedPositionMs" to s.bufferedPositionMs?.takeIf { it >= 0 },
            "playbackType" to s.playbackType
        )
    }

    /** Extrapolates only in advancing states, bounded by zero and a known duration. */
    private fun estimate(s: MediaSession, now: Long): Long? {
        val pos = s.positionMs ?: return null
        val at = s.positionUpdatedElapsedMs ?: return null
        if (pos < 0 || at <= 0 || at > now) return null
        if (s.state != "playing") return pos
        val speed = s.playbackSpeed ?: return null
        var v = pos + ((now - at) * speed).toLong()
        if (v < 0) v = 0
        s.durationMs?.let { if (it >= 0 && v > it) v = it }
        return v
    }

    val listMediaSessions = object : ActionSpec<ListParams>("list_media_sessions", ActionGates.BACKGROUND) {
        override fun parse(params: ParamReader) = listParams(params)

        override fun run(ctx: ActionContext, step: StepIdentity, params: ListParams): StepResult {
            listener(ctx)
            val all = ctx.platform.media().sessions().filter { params.applicationId == null || it.packageName == params.applicationId }
            val items = all.take(params.limit).map { sessionJson(ctx, it, params.maxTextChars) }
            return step.succeeded(data("payload" to payload(ctx, obj("sessions" to items, "total" to all.size, "truncated" to (items.size < all.size)))))
        }
    }

    class Target(val applicationId: String?, val mediaSessionId: String?)

    private fun target(p: ParamReader): Target {
        val app = p.optionalString("applicationId")
        val id = p.optionalString("mediaSessionId")
        if ((app == null) == (id == null)) p.fail("applicationId", "requires exactly one of params.applicationId or params.mediaSessionId")
        return Target(app, id)
    }

    /** Pins one session: a handle, or a package with exactly one active session. */
    private fun pin(ctx: ActionContext, t: Target): MediaSession {
        listener(ctx)
        val sessions = ctx.platform.media().sessions()
        if (t.mediaSessionId != null) {
            val sid = ctx.state.mediaSessionsByHandle[t.mediaSessionId]
            return sessions.firstOrNull { it.sessionId == sid } ?: throw StepFailure("MEDIA_SESSION_EXPIRED", "Media session ${t.mediaSessionId} is no longer active", ctx.evidence)
        }
        val matching = sessions.filter { it.packageName == t.applicationId }
        if (matching.isEmpty()) throw StepFailure("MEDIA_SESSION_EXPIRED", "No active media session for ${t.applicationId}", ctx.evidence)
        if (matching.size > 1) throw StepFailure("MEDIA_SESSION_AMBIGUOUS", "${t.applicationId} has ${matching.size} active sessions; pass mediaSessionId", ctx.evidence)
        return matching[0]
    }

    private fun refresh(ctx: ActionContext, sessionId: String): MediaSession =
        ctx.platform.media().sessions().firstOrNull { it.sessionId == sessionId }
            ?: throw StepFailure("MEDIA_SESSION_EXPIRED", "The media session ended", ctx.evidence)

    val getMediaStatus = object : ActionSpec<Target>("get_media_status", ActionGates.BACKGROUND) {
        override fun parse(params: ParamReader) = target(params)

        override fun run(ctx: ActionContext, step: StepIdentity, params: Target) =
            step.succeeded(data("payload" to payload(ctx, obj("session" to sessionJson(ctx, pin(ctx, params), 256)))))
    }

    class ControlParams(val target: Target, val waitTimeoutMs: Long, val positionMs: Long?, val toleranceMs: Long)

    private fun control(type: String, control: String) = object : ActionSpec<ControlParams>(type, ActionGates.BACKGROUND) {
        override fun parse(params: ParamReader): ControlParams {
            val t = target(params)
            var position: Long? = null
            if (control == "seek") {
                val v = params.requiredNumber("positionMs")
                if (!ParamReader.isInteger(v) || v < 0 || v > 9007199254740991.0) params.fail("positionMs", "params.positionMs must be a nonnegative safe integer")
                position = v.toLong()
            }
            return ControlParams(t, params.integer("waitTimeoutMs", 0, 0, 30000), position, params.integer("positionToleranceMs", 1000, 0, 60000))
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: ControlParams): StepResult {
            ctx.evidence["dispatched"] = "false"
            params.positionMs?.let { ctx.evidence["requestedPositionMs"] = it.toString(); ctx.evidence["positionToleranceMs"] = params.toleranceMs.toString() }
            ctx.evidence["waitTimeoutMs"] = params.waitTimeoutMs.toString()
            val s = pin(ctx, params.target)
            if (control !in s.supportedControls) throw StepFailure("MEDIA_ACTION_UNSUPPORTED", "The session does not advertise $control", ctx.evidence)
            val pos = params.positionMs
            if (pos != null && s.durationMs != null && s.durationMs >= 0 && pos > s.durationMs) {
                throw StepFailure("MEDIA_POSITION_OUT_OF_RANGE", "positionMs $pos exceeds the duration ${s.durationMs}", ctx.evidence)
            }
            val dispatchedAt = ctx.platform.now()
            if (!ctx.platform.media().control(s.sessionId, control, pos)) throw StepFailure("NOTIFICATION_MEDIA_OPERATION_FAILED", "Sending $control failed", ctx.evidence)
            ctx.evidence["dispatched"] = "true"
            val reached: (MediaSession) -> Boolean = when (control) {
                "play" -> { m -> m.state == "playing" }
                "pause" -> { m -> m.state == "paused" }
                // Only a new player report dated at or after dispatch confirms a seek.
                else -> { m -> m.reportSequence > s.reportSequence && (m.positionUpdatedElapsedMs ?: -1) >= dispatchedAt &&
                    m.positionMs != null && m.positionMs >= 0 && Math.abs(m.positionMs - pos!!) <= params.toleranceMs }
            }
            var current = refresh(ctx, s.sessionId)
            if (params.waitTimeoutMs > 0) {
                val ok = WaitActions.pollUntil(ctx, params.waitTimeoutMs) { refresh(ctx, s.sessionId).let { if (reached(it)) it else null } }
                    ?: throw StepFailure("MEDIA_POSTCONDITION_TIMEOUT", "The player did not report the requested state within ${params.waitTimeoutMs} ms", ctx.evidence)
                current = ok
            }
            val fields = LinkedHashMap<String, Any?>()
            fields["dispatched"] = true
            if (pos != null) {
                fields["requestedPositionMs"] = pos
                fields["positionToleranceMs"] = params.toleranceMs
                fields["waitTimeoutMs"] = params.waitTimeoutMs
                fields["targetPositionObserved"] = reached(current)
            } else {
                fields["targetStateObserved"] = reached(current)
                fields["waitTimeoutMs"] = params.waitTimeoutMs
            }
            fields["session"] = sessionJson(ctx, current, 256)
            return step.succeeded(data("payload" to payload(ctx, fields)))
        }
    }

    val mediaPlay = control("media_play", "play")
    val mediaPause = control("media_pause", "pause")
    val mediaSeek = control("media_seek", "seek")

    class ObserveParams(val target: Target, val durationMs: Long)

    val observeMedia = object : ActionSpec<ObserveParams>("observe_media", ActionGates.BACKGROUND) {
        override fun parse(params: ParamReader): ObserveParams {
            val t = target(params)
            val d = params.requiredNumber("durationMs")
            if (!ParamReader.isInteger(d) || d < 1 || d > 30000) params.fail("durationMs", "params.durationMs must be an integer in [1, 30000]")
            return ObserveParams(t, d.toLong())
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: ObserveParams): StepResult {
            val initial = pin(ctx, params.target)
            val started = ctx.platform.now()
            val samples = ArrayList<Map<String, Any?>>()
            var count = 0L
            var last = initial
            while (ctx.platform.now() - started < params.durationMs) {
                ctx.sleep(minOf(POLL_MS, params.durationMs - (ctx.platform.now() - started)))
                val now = refresh(ctx, initial.sessionId)
                if (now.reportSequence > last.reportSequence) {
                    count += now.reportSequence - last.reportSequence
                    if (samples.size < MAX_SAMPLES) samples.add(obj(
                        "playerReportSequence" to now.reportSequence, "playerReportReceivedElapsedMs" to now.reportReceivedElapsedMs,
                        "state" to now.state, "reportedPositionMs" to now.positionMs?.takeIf { it >= 0 },
                        "positionUpdatedElapsedMs" to now.positionUpdatedElapsedMs, "playbackSpeed" to now.playbackSpeed
                    ))
                }
                last = now
            }
            val a = initial.positionMs?.takeIf { initial.reportSequence > 0 && it >= 0 }
            val b = last.positionMs?.takeIf { last.reportSequence > 0 && it >= 0 }
            return step.succeeded(data("payload" to payload(ctx, obj(
                "initialSession" to sessionJson(ctx, initial, 256), "session" to sessionJson(ctx, last, 256),
                "startedElapsedMs" to started, "endedElapsedMs" to ctx.platform.now(), "durationMs" to params.durationMs,
                "samples" to samples, "newPlayerReportCount" to count, "truncated" to (count > samples.size),
                "reportedPositionDeltaMs" to if (a != null && b != null) b - a else null
            ))))
        }
    }
}

/** Every action type the Operator runs, by canonical type. */
object Actions {
    val ALL: Map<String, ActionSpec<*>> = listOf<ActionSpec<*>>(
        NodeTargeted.click, NodeTargeted.enterText, ReadActions.readText, ReadActions.readKeyValuePair,
        WaitActions.waitForNode, WaitActions.waitForNavigation, CaptureActions.snapshot, CaptureActions.queryUi,
        AppActions.openApp, AppActions.openUri, SystemActions.pressKey, SystemActions.sleep, SystemActions.doctorPing,
        SystemActions.takeScreenshot, SystemActions.closeApp, GestureActions.swipe, GestureActions.drag,
        ScrollActions.scroll, ScrollActions.scrollUntil, ScrollActions.scrollAndClick,
        Overlay.showToast, Overlay.cancelToast, Overlay.setOnScreenLog, Overlay.clearOnScreenLog,
        Recording.start, Recording.stop,
        NotificationMediaActions.listNotifications, NotificationMediaActions.dismissNotification,
        NotificationMediaActions.invokeNotificationAction, NotificationMediaActions.listMediaSessions,
        NotificationMediaActions.getMediaStatus, NotificationMediaActions.mediaPlay, NotificationMediaActions.mediaPause,
        NotificationMediaActions.mediaSeek, NotificationMediaActions.observeMedia
    ).associateBy { it.type }
}
