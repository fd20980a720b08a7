package app.androperator.operator.core

/**
 * Timers on the scripted platform's manual clock: a sleep of the Operator
 * fires every timer due up to its end, in due order (ties in scheduling
 * order), with the clock set to each timer's due time, as the TypeScript
 * VirtualClock does in manual mode.
 */
class ManualTimers(private val now: () -> Long, private val setNow: (Long) -> Unit) {
    class Handle internal constructor(val due: Long, val order: Long, val fn: () -> Unit) {
        var cancelled = false
    }

    private val queue = ArrayList<Handle>()
    private var scheduled = 0L

    fun schedule(delayMs: Long, fn: () -> Unit): Handle = Handle(now() + delayMs, scheduled++, fn).also { queue.add(it) }

    /** Moves the clock forward by [ms], firing the timers due on the way. */
    fun advance(ms: Long) {
        val target = now() + ms
        while (true) {
            val next = queue.filter { !it.cancelled && it.due <= target }.minWithOrNull(compareBy({ it.due }, { it.order })) ?: break
            queue.remove(next)
            setNow(next.due)
            next.fn()
        }
        queue.removeAll { it.cancelled }
        setNow(target)
    }
}

/**
 * The `device.notifications` of an execution vector (conformance/executions/README.md),
 * posted like src/virtual-device/android/system/notifications.ts does: key
 * `0|package|id|tag|10000`, revision + 1 per post, postTime the wall clock.
 */
fun FakeNotifications.postScripted(spec: Map<String, Any?>, wallTime: Long) {
    val pkg = spec["package"] as String
    val id = (spec["id"] as Number).toLong()
    val tag = spec["tag"] as String?
    val key = "0|$pkg|$id|${tag ?: "null"}|10000"
    val ongoing = spec["ongoing"] as? Boolean ?: false
    val buttons = spec["actions"].asArray().orEmpty().map { it.asObject()!! }
    val previous = items.indexOfFirst { it.key == key }
    val progress = spec["progress"].asObject()?.let {
        NotificationProgress((it["value"] as Number).toInt(), (it["max"] as Number).toInt(), it["indeterminate"] as Boolean)
    }
    val notification = ActiveNotification(
        key, pkg, spec["title"] as String?, spec["text"] as String?, wallTime, ongoing,
        spec["clearable"] as? Boolean ?: !ongoing, spec["group"] as String?, spec["groupSummary"] as? Boolean ?: false, progress,
        buttons.map { NotificationButton(it["title"] as String, it["requiresInput"] as? Boolean ?: false, it["requiresAuthentication"] as? Boolean ?: false) },
        if (previous >= 0) items[previous].revision + 1 else 1
    )
    if (previous >= 0) items[previous] = notification else items.add(notification)
    buttons.forEachIndexed { i, b -> if (b["cancelled"] == true) cancelledButtons.add("$key#$i") else cancelledButtons.remove("$key#$i") }
}

/**
 * The `device.mediaSessions` of an execution vector: players that behave like
 * src/virtual-device/android/system/media.ts (first report at creation, a report
 * every `reportIntervalMs` (default 1000) while playing, controls honoured
 * after `controlDelayMs` (default 50) unless listed in `ignoreControls`).
 */
class ScriptedMedia(private val timers: ManualTimers, private val now: () -> Long) : MediaSource {
    private class Report(val state: String, val positionMs: Double, val updatedElapsedMs: Long, val speed: Double, val bufferedMs: Double)

    private inner class Player(val sessionId: String, spec: Map<String, Any?>) {
        val packageName = spec["package"] as String
        val title = spec["title"] as String?
        val artist = spec["artist"] as String?
        val durationMs = (spec["durationMs"] as Number?)?.toLong()
        val supported = spec["supportedControls"].asArray()?.map { it as String } ?: listOf("play", "pause", "seek")
        val playbackType = spec["playbackType"] as String? ?: "local"
        /** JSON null: reports only on changes. */
        val reportIntervalMs: Long? = if (spec.containsKey("reportIntervalMs")) (spec["reportIntervalMs"] as Number?)?.toLong() else 1000
        val controlDelayMs = (spec["controlDelayMs"] as Number?)?.toLong() ?: 50
        val ignored = spec["ignoreControls"].asArray()?.map { it as String }.orEmpty()
        val bufferedAheadMs = (spec["bufferedAheadMs"] as Number?)?.toDouble() ?: 5000.0
        var state = spec["state"] as String? ?: "paused"
        var positionAtUpdate = (spec["positionMs"] as Number?)?.toDouble() ?: 0.0
        var updatedAt = now()
        val speed = (spec["speed"] as Number?)?.toDouble() ?: 1.0
        var sequence = 0L
        var receivedAt = 0L
        var report: Report? = null
        var reportTimer: ManualTimers.Handle? = null

        fun advancing() = state == "playing" || state == "fast_forwarding"

        fun positionAt(t: Long): Double {
            val moved = if (advancing()) (t - updatedAt) * speed else 0.0
            val position = maxOf(0.0, positionAtUpdate + moved)
            return if (durationMs != null && durationMs >= 0) minOf(position, durationMs.toDouble()) else position
        }

        /** Publishes a report and re-arms the periodic schedule. */
        fun changed() {
            val t = now()
            positionAtUpdate = positionAt(t)
            updatedAt = t
            report = Report(state, positionAtUpdate, t, speed, positionAtUpdate + bufferedAheadMs)
            sequence++
            receivedAt = t
            reportTimer?.cancelled = true
            reportTimer = if (reportIntervalMs != null && advancing()) timers.schedule(reportIntervalMs) { changed() } else null
        }

        fun setPlayback(newState: String, position: Double) {
            state = newState
            positionAtUpdate = position
            updatedAt = now()
            changed()
        }
    }

    private val players = ArrayList<Player>()

    fun create(spec: Map<String, Any?>) {
        players.add(Player("session-${players.size + 1}", spec).also { it.changed() })
    }

    override fun sessions(): List<MediaSession> = players.map { p ->
        val r = p.report!!
        MediaSession(p.sessionId, p.packageName, p.title, p.artist, p.durationMs, r.state, p.supported, p.sequence, p.receivedAt,
            r.positionMs.toLong(), r.updatedElapsedMs, r.speed, r.bufferedMs.toLong(), p.playbackType)
    }

    override fun control(sessionId: String, control: String, positionMs: Long?): Boolean {
        val p = players.firstOrNull { it.sessionId == sessionId } ?: return false
        if (control in p.ignored) return true
        timers.schedule(p.controlDelayMs) {
            val position = p.positionAt(now())
            when (control) {
                "pause" -> p.setPlayback("paused", position)
                "play" -> p.setPlayback("playing", position)
                "stop" -> p.setPlayback("stopped", 0.0)
                "seek" -> p.setPlayback(p.state, positionMs?.toDouble() ?: position)
            }
        }
        return true
    }
}
