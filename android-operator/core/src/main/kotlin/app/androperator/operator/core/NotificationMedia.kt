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
    private const val MAX_PAYLOAD_BYTES = 64000
    private val ADVANCING = setOf("playing", "fast_forwarding", "rewinding")
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

    /** Cuts to [max] UTF-16 units without splitting a surrogate pair (device-state.ts `truncateText`). */
    private fun cut(s: String?, max: Int): String? {
        if (s == null || s.length <= max) return s
        return s.substring(0, if (Character.isHighSurrogate(s[max - 1])) max - 1 else max)
    }

    private fun cutOff(s: String?, max: Int) = s != null && s.length > max

    /** At most this many buttons are advertised per notification; more are reported as truncated. */
    const val MAX_ADVERTISED_ACTIONS = 8

    class ListParams(val applicationId: String?, val limit: Int, val maxTextChars: Int)

    private fun int(p: Map<String, Any?>, key: String, default: Long): Long = (p[key] as? Number)?.toLong() ?: default

    private fun listParams(reader: ParamReader): ListParams {
        val p = reader.schema()
        return ListParams(p["applicationId"] as? String, int(p, "limit", 25).toInt(), int(p, "maxTextChars", 256).toInt())
    }

    val listNotifications = object : ActionSpec<ListParams>("list_notifications", ActionGates.BACKGROUND) {
        override fun parse(params: ParamReader) = listParams(params)

        override fun run(ctx: ActionContext, step: StepIdentity, params: ListParams): StepResult {
            val n = listener(ctx)
            val all = n.active().filter { params.applicationId == null || it.packageName == params.applicationId }
            val items = ArrayList<Map<String, Any?>>()
            for (a in all.take(params.limit)) {
                val advertised = a.actions.take(MAX_ADVERTISED_ACTIONS)
                val actions = advertised.mapIndexed { i, b -> obj(
                    "actionId" to ctx.state.issueNotificationAction(NotificationActionRef(a.key, a.revision, i, n.generation())),
                    "title" to cut(b.title, params.maxTextChars), "requiresInput" to b.requiresInput,
                    "requiresAuthentication" to b.requiresAuthentication
                ) }
                val item = obj(
                    "key" to a.key, "applicationId" to a.packageName,
                    "title" to cut(a.title, params.maxTextChars), "text" to cut(a.text, params.maxTextChars),
                    "postTime" to a.postTime, "ongoing" to a.ongoing, "clearable" to a.clearable,
                    "group" to a.group, "groupSummary" to a.groupSummary, "actions" to actions,
                    "textTruncated" to (cutOff(a.title, params.maxTextChars) || cutOff(a.text, params.maxTextChars)),
                    "actionsTruncated" to (a.actions.size > advertised.size || advertised.any { cutOff(it.title, params.maxTextChars) }),
                    "progress" to a.progress?.let { obj("value" to it.value, "max" to it.max, "indeterminate" to it.indeterminate) }
                )
                // Results stop before the payload would pass 64,000 bytes (seed 001:12).
                val size = payload(ctx, obj("notifications" to items + listOf(item), "total" to all.size, "truncated" to true)).toByteArray(Charsets.UTF_8).size
                if (size > MAX_PAYLOAD_BYTES) break
                items.add(item)
            }
            return step.succeeded(data("payload" to payload(ctx, obj("notifications" to items, "total" to all.size, "truncated" to (items.size < all.size)))))
        }
    }

    class DismissParams(val key: String, val waitTimeoutMs: Long)

    val dismissNotification = object : ActionSpec<DismissParams>("dismiss_notification", ActionGates.UI) {
        override fun parse(params: ParamReader): DismissParams {
            val p = params.schema()
            return DismissParams(p["notificationKey"] as String, int(p, "waitTimeoutMs", 0))
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: DismissParams): StepResult {
            val n = listener(ctx)
            ctx.evidence["waitTimeoutMs"] = params.waitTimeoutMs.toString()
            val notDispatched = LinkedHashMap(ctx.evidence).apply { put("dispatched", "false") }
            val current = n.active().firstOrNull { it.key == params.key }
                ?: throw StepFailure("NOTIFICATION_EXPIRED", "The notification key is no longer active", notDispatched)
            if (!current.clearable) throw StepFailure("NOTIFICATION_NOT_DISMISSIBLE", "The notification is not clearable", notDispatched)
            if (!n.dismiss(params.key)) throw StepFailure("NOTIFICATION_MEDIA_OPERATION_FAILED", "Cancellation request failed", notDispatched)
            ctx.evidence["dispatched"] = "true"
            val gone = { if (n.active().none { it.key == params.key }) true else null }
            val removed = (if (params.waitTimeoutMs > 0) WaitActions.pollUntil(ctx, params.waitTimeoutMs, gone) else gone()) == true
            return step.succeeded(LinkedHashMap(ctx.evidence).apply {
                put("payload", payload(ctx, obj("notificationKey" to params.key, "dispatched" to true,
                    "removalObserved" to removed, "waitTimeoutMs" to params.waitTimeoutMs)))
            })
        }
    }

    val invokeNotificationAction = object : ActionSpec<Pair<String, String>>("invoke_notification_action", ActionGates.UI) {
        override fun parse(params: ParamReader): Pair<String, String> {
            val p = params.schema()
            return p["notificationKey"] as String to p["actionId"] as String
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: Pair<String, String>): StepResult {
            val (key, actionId) = params
            val n = listener(ctx)
            fun fail(code: String, message: String) = StepFailure(code, message, data("dispatched" to "false"))
            // The key first, then the handle (seed 003:6340-6341, 6352): a missing key is NOTIFICATION_EXPIRED.
            val current = n.active().firstOrNull { it.key == key } ?: throw fail("NOTIFICATION_EXPIRED", "The notification key is no longer active")
            val ref = ctx.state.notificationActions[actionId]
            if (ref == null || ref.key != key || ref.generation != n.generation()) {
                throw fail("NOTIFICATION_ACTION_EXPIRED", "The action handle is unknown or no longer valid; list again")
            }
            if (current.revision != ref.revision) throw fail("NOTIFICATION_ACTION_EXPIRED", "The notification changed since it was listed")
            val button = current.actions.getOrNull(ref.actionIndex)
            if (button?.requiresInput == true) throw fail("NOTIFICATION_ACTION_INPUT_UNSUPPORTED", "The button requires RemoteInput")
            if (button?.requiresAuthentication == true) throw fail("NOTIFICATION_ACTION_AUTHENTICATION_UNSUPPORTED", "The button requires authentication")
            when (n.invoke(key, ref.revision, ref.actionIndex)) {
                InvokeResult.SENT -> Unit
                InvokeResult.CANCELLED -> throw fail("NOTIFICATION_ACTION_CANCELLED", "Android cancelled the PendingIntent")
                InvokeResult.FAILED -> throw fail("NOTIFICATION_MEDIA_OPERATION_FAILED", "Sending the PendingIntent failed")
                InvokeResult.EXPIRED -> throw fail("NOTIFICATION_ACTION_EXPIRED", "The advertised action is gone")
            }
            return step.succeeded(data("dispatched" to "true", "payload" to payload(ctx, obj("notificationKey" to key, "actionId" to actionId, "dispatched" to true))))
        }
    }

    /** Session status with position evidence (000 "Position evidence"); mirrors `describeSession` of actions/media.ts. */
    fun sessionJson(ctx: ActionContext, s: MediaSession, maxText: Int): Map<String, Any?> {
        val now = ctx.platform.now()
        val out = LinkedHashMap<String, Any?>()
        out["mediaSessionId"] = ctx.state.mediaHandle(s.sessionId)
        out["applicationId"] = s.packageName
        out["title"] = cut(s.title, maxText)
        out["artist"] = cut(s.artist, maxText)
        out["durationMs"] = s.durationMs
        out["supportedControls"] = s.supportedControls
        out["playbackType"] = s.playbackType
        out["playerReportSequence"] = s.reportSequence
        out["playerReportReceivedElapsedMs"] = s.reportReceivedElapsedMs
        out["state"] = s.state
        if (s.reportSequence == 0L) {
            out["evidence"] = "platform_query"
            out["reportedPositionMs"] = null
            out["positionUpdatedElapsedMs"] = null
            out["positionUpdateAgeMs"] = null
            out["estimatedPositionMs"] = s.positionMs?.takeIf { it >= 0 }
            out["positionUnknownReason"] = "original_player_report_unavailable"
        } else {
            val reported = s.positionMs?.takeIf { it >= 0 }
            val updated = s.positionUpdatedElapsedMs ?: 0L
            var estimated: Long? = reported
            var reason: String? = null
            val speed = s.playbackSpeed
            if (reported == null) {
                reason = "reported_position_unavailable"
            } else if (updated <= 0 || updated > now) {
                estimated = null
                reason = "invalid_update_time"
            } else if (s.state in ADVANCING) {
                if (speed == null || speed.isNaN() || speed.isInfinite()) {
                    estimated = null
                    reason = "invalid_playback_speed"
                } else {
                    val moved = reported + (now - updated) * speed
                    val duration = s.durationMs
                    val bounded = if (duration != null && duration >= 0) minOf(moved, duration.toDouble()) else moved
                    estimated = maxOf(0L, Math.round(bounded))
                }
            }
            out["evidence"] = "player_report"
            out["reportedPositionMs"] = reported
            out["positionUpdatedElapsedMs"] = updated
            out["positionUpdateAgeMs"] = now - updated
            out["estimatedPositionMs"] = estimated
            out["positionUnknownReason"] = reason
        }
        out["playbackSpeed"] = s.playbackSpeed
        out["bufferedPositionMs"] = s.bufferedPositionMs?.takeIf { it >= 0 }
        return out
    }

    val listMediaSessions = object : ActionSpec<ListParams>("list_media_sessions", ActionGates.BACKGROUND) {
        override fun parse(params: ParamReader) = listParams(params)

        override fun run(ctx: ActionContext, step: StepIdentity, params: ListParams): StepResult {
            listener(ctx)
            val all = ctx.platform.media().sessions().filter { params.applicationId == null || it.packageName == params.applicationId }
            val items = ArrayList<Map<String, Any?>>()
            for (session in all.take(params.limit)) {
                val item = sessionJson(ctx, session, params.maxTextChars)
                val size = payload(ctx, obj("sessions" to items + listOf(item), "total" to all.size, "truncated" to true)).toByteArray(Charsets.UTF_8).size
                if (size > MAX_PAYLOAD_BYTES) break
                items.add(item)
            }
            return step.succeeded(data("payload" to payload(ctx, obj("sessions" to items, "total" to all.size, "truncated" to (items.size < all.size)))))
        }
    }

    class Target(val applicationId: String?, val mediaSessionId: String?)

    private fun target(p: Map<String, Any?>) = Target(p["applicationId"] as? String, p["mediaSessionId"] as? String)

    private fun live(ctx: ActionContext, sessionId: String): MediaSession? =
        ctx.platform.media().sessions().firstOrNull { it.sessionId == sessionId }

    /** Resolves the target to a live session: a handle, or a package with exactly one session (000:7-14). */
    private fun resolveSession(ctx: ActionContext, t: Target): MediaSession {
        listener(ctx)
        if (t.mediaSessionId != null) {
            val sid = ctx.state.mediaSessionsByHandle[t.mediaSessionId]
            return sid?.let { live(ctx, it) } ?: throw StepFailure("MEDIA_SESSION_EXPIRED", "The media session handle expired; list sessions again")
        }
        val matching = ctx.platform.media().sessions().filter { it.packageName == t.applicationId }
        if (matching.isEmpty()) throw StepFailure("MEDIA_SESSION_EXPIRED", "No active media session for ${t.applicationId}")
        if (matching.size > 1) throw StepFailure("MEDIA_SESSION_AMBIGUOUS", "${matching.size} sessions for ${t.applicationId}; select by mediaSessionId")
        return matching[0]
    }

    /** The target session, which must advertise [command] (000:42-43, 000:51). */
    private fun controllable(ctx: ActionContext, t: Target, command: String): MediaSession {
        val s = resolveSession(ctx, t)
        if (command !in s.supportedControls) throw StepFailure("MEDIA_ACTION_UNSUPPORTED", "The session does not advertise $command", LinkedHashMap(ctx.evidence))
        return s
    }

    /** Dispatches [command] once; with a wait, confirms a new player report that satisfies [confirmed]. */
    private fun control(ctx: ActionContext, s: MediaSession, command: String, waitTimeoutMs: Long, positionMs: Long?,
                        confirmed: (MediaSession, Long) -> Boolean): Boolean {
        val before = s.reportSequence
        val dispatchedAt = ctx.platform.now()
        if (!ctx.platform.media().control(s.sessionId, command, positionMs)) {
            throw StepFailure("MEDIA_SESSION_EXPIRED", "The session ended before the control was sent", LinkedHashMap(ctx.evidence))
        }
        ctx.evidence["dispatched"] = "true"
        val check = {
            val now = live(ctx, s.sessionId)
                ?: throw StepFailure("MEDIA_SESSION_EXPIRED", "The session ended or became inactive during the wait", LinkedHashMap(ctx.evidence))
            if (now.reportSequence > before && confirmed(now, dispatchedAt)) true else null
        }
        if (waitTimeoutMs == 0L) return check() == true
        return WaitActions.pollUntil(ctx, waitTimeoutMs, check)
            ?: throw StepFailure("MEDIA_POSTCONDITION_TIMEOUT", "The player did not report the requested state in time", LinkedHashMap(ctx.evidence))
    }

    val getMediaStatus = object : ActionSpec<Target>("get_media_status", ActionGates.BACKGROUND) {
        override fun parse(params: ParamReader) = target(params.schema())

        override fun run(ctx: ActionContext, step: StepIdentity, params: Target) =
            step.succeeded(data("payload" to payload(ctx, obj("session" to sessionJson(ctx, resolveSession(ctx, params), 1024)))))
    }

    class ControlParams(val target: Target, val waitTimeoutMs: Long)

    private fun playPause(type: String, command: String, wanted: String) = object : ActionSpec<ControlParams>(type, ActionGates.BACKGROUND) {
        override fun parse(params: ParamReader): ControlParams {
            val p = params.schema()
            return ControlParams(target(p), int(p, "waitTimeoutMs", 0))
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: ControlParams): StepResult {
            ctx.evidence["dispatched"] = "false"
            ctx.evidence["waitTimeoutMs"] = params.waitTimeoutMs.toString()
            val s = controllable(ctx, params.target, command)
            val observed = control(ctx, s, command, params.waitTimeoutMs, null) { m, _ -> m.state == wanted }
            val session = live(ctx, s.sessionId) ?: s
            return step.succeeded(LinkedHashMap(ctx.evidence).apply {
                put("payload", payload(ctx, obj("dispatched" to true, "targetState" to wanted, "targetStateObserved" to observed,
                    "waitTimeoutMs" to params.waitTimeoutMs, "session" to sessionJson(ctx, session, 1024))))
            })
        }
    }

    val mediaPause = playPause("media_pause", "pause", "paused")
    val mediaPlay = playPause("media_play", "play", "playing")

    class SeekParams(val target: Target, val positionMs: Long, val waitTimeoutMs: Long, val toleranceMs: Long)

    val mediaSeek = object : ActionSpec<SeekParams>("media_seek", ActionGates.BACKGROUND) {
        override fun parse(params: ParamReader): SeekParams {
            val p = params.schema()
            return SeekParams(target(p), int(p, "positionMs", 0), int(p, "waitTimeoutMs", 0), int(p, "positionToleranceMs", 1000))
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: SeekParams): StepResult {
            ctx.evidence["dispatched"] = "false"
            ctx.evidence["requestedPositionMs"] = params.positionMs.toString()
            ctx.evidence["positionToleranceMs"] = params.toleranceMs.toString()
            ctx.evidence["waitTimeoutMs"] = params.waitTimeoutMs.toString()
            val s = controllable(ctx, params.target, "seek")
            val duration = s.durationMs
            if (duration != null && duration >= 0 && params.positionMs > duration) {
                throw StepFailure("MEDIA_POSITION_OUT_OF_RANGE", "positionMs exceeds the known duration $duration", LinkedHashMap(ctx.evidence))
            }
            // Only a new report dated at or after dispatch, within the tolerance, confirms the seek.
            val observed = control(ctx, s, "seek", params.waitTimeoutMs, params.positionMs) { m, dispatchedAt ->
                val updated = m.positionUpdatedElapsedMs ?: -1
                val position = m.positionMs ?: -1
                updated >= dispatchedAt && updated <= ctx.platform.now() && position >= 0 && Math.abs(position - params.positionMs) <= params.toleranceMs
            }
            val session = live(ctx, s.sessionId) ?: s
            return step.succeeded(LinkedHashMap(ctx.evidence).apply {
                put("payload", payload(ctx, obj("dispatched" to true, "requestedPositionMs" to params.positionMs,
                    "positionToleranceMs" to params.toleranceMs, "waitTimeoutMs" to params.waitTimeoutMs,
                    "targetPositionObserved" to observed, "session" to sessionJson(ctx, session, 1024))))
            })
        }
    }

    class ObserveParams(val target: Target, val durationMs: Long)

    /** Collects playback-state reports for a fixed interval; an ended session fails the observation. */
    val observeMedia = object : ActionSpec<ObserveParams>("observe_media", ActionGates.BACKGROUND) {
        override fun parse(params: ParamReader): ObserveParams {
            val p = params.schema()
            return ObserveParams(target(p), int(p, "durationMs", 1))
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: ObserveParams): StepResult {
            val initial = resolveSession(ctx, params.target)
            val initialJson = sessionJson(ctx, initial, 1024)
            val started = ctx.platform.now()
            val samples = ArrayList<Map<String, Any?>>()
            var count = 0L
            var last = initial
            val expired = WaitActions.pollUntil(ctx, params.durationMs) {
                val now = live(ctx, initial.sessionId) ?: return@pollUntil true
                if (now.reportSequence > last.reportSequence) {
                    count += now.reportSequence - last.reportSequence
                    if (samples.size < MAX_SAMPLES) samples.add(obj(
                        "playerReportSequence" to now.reportSequence, "playerReportReceivedElapsedMs" to now.reportReceivedElapsedMs,
                        "state" to now.state, "reportedPositionMs" to now.positionMs?.takeIf { it >= 0 },
                        "positionUpdatedElapsedMs" to now.positionUpdatedElapsedMs, "playbackSpeed" to now.playbackSpeed
                    ))
                }
                last = now
                null
            }
            if (expired == true) throw StepFailure("MEDIA_SESSION_EXPIRED", "The observed session ended or became inactive")
            val sessionOut = sessionJson(ctx, last, 1024)
            val a = initialJson["reportedPositionMs"] as? Long
            val b = sessionOut["reportedPositionMs"] as? Long
            return step.succeeded(data("payload" to payload(ctx, obj(
                "initialSession" to initialJson, "session" to sessionOut,
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
