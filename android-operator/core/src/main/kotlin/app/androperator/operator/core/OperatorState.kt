package app.androperator.operator.core

/**
 * State owned by one Operator process: it survives between executions and is
 * lost when the Operator restarts (seed 001:34, 000:9-11, 003:2826-2830).
 */
class OperatorState(val packageName: String) {
    /** The API-requested toast is showing (or pending). */
    var apiToast = false
    /** Generation of the visible on-screen log panel, or null when hidden. */
    var panelGeneration: Int? = null
    var panelCounter = 0
    /** Wall-clock deadline of the panel's TTL (the app removes it when reached). */
    var panelExpiresAt: Long? = null
    var recording: RecordingState? = null
    var observationCounter = 0
    /** Notification button handles issued by listings, oldest first (at most 2000). */
    val notificationActions = object : LinkedHashMap<String, NotificationActionRef>() {
        override fun removeEldestEntry(eldest: MutableMap.MutableEntry<String, NotificationActionRef>?) = size > MAX_NOTIFICATION_ACTION_HANDLES
    }
    private var nextActionHandle = 1
    private val mediaHandles = HashMap<String, String>()
    val mediaSessionsByHandle = HashMap<String, String>()
    private var nextMediaHandle = 1

    fun issueNotificationAction(ref: NotificationActionRef): String {
        val handle = "na-${nextActionHandle++}"
        notificationActions[handle] = ref
        return handle
    }

    /** The stable handle of a media session for this process. */
    fun mediaHandle(sessionId: String): String = mediaHandles.getOrPut(sessionId) {
        "ms-${nextMediaHandle++}".also { mediaSessionsByHandle[it] = sessionId }
    }

    companion object {
        const val MAX_NOTIFICATION_ACTION_HANDLES = 2000
    }
}

class NotificationActionRef(val key: String, val revision: Long, val actionIndex: Int, val generation: Long)

class RecordingState(val sessionId: String, val filePath: String, val lines: MutableList<String>, var nextSeq: Int)
