package app.androperator.operator.app

import android.app.Notification
import android.app.NotificationManager
import android.app.PendingIntent
import android.content.ComponentName
import android.content.Context
import android.os.Build
import android.service.notification.NotificationListenerService
import android.service.notification.StatusBarNotification
import app.androperator.operator.core.ActiveNotification
import app.androperator.operator.core.InvokeResult
import app.androperator.operator.core.ListenerStatus
import app.androperator.operator.core.NotificationButton
import app.androperator.operator.core.NotificationProgress
import app.androperator.operator.core.NotificationSource
import java.util.concurrent.ConcurrentHashMap

/**
 * The Operator's notification listener. Granted with
 * `cmd notification allow_listener <pkg>/app.androperator.operator.app.OperatorNotificationListener`.
 * Tracks a revision per key (every post of the same key is a new revision) and a
 * connection generation, which invalidate issued button handles.
 */
class OperatorNotificationListener : NotificationListenerService() {
    override fun onListenerConnected() {
        generation++
        instance = this
    }

    override fun onListenerDisconnected() {
        instance = null
    }

    override fun onNotificationPosted(sbn: StatusBarNotification) {
        revisions.merge(sbn.key, 1L, Long::plus)
    }

    override fun onNotificationRemoved(sbn: StatusBarNotification) {
        revisions.remove(sbn.key)
    }

    companion object {
        @Volatile
        var instance: OperatorNotificationListener? = null
            private set

        @Volatile
        var generation = 0L
            private set

        val revisions = ConcurrentHashMap<String, Long>()
    }
}

/** [NotificationSource] over the connected [OperatorNotificationListener]. */
class ListenerNotificationSource(private val context: Context) : NotificationSource {
    private val component = ComponentName(context, OperatorNotificationListener::class.java)

    override fun status(): ListenerStatus {
        val manager = context.getSystemService(Context.NOTIFICATION_SERVICE) as NotificationManager
        val granted = if (Build.VERSION.SDK_INT >= Build.VERSION_CODES.O_MR1) manager.isNotificationListenerAccessGranted(component)
        else android.provider.Settings.Secure.getString(context.contentResolver, "enabled_notification_listeners")?.contains(component.flattenToString()) == true
        return when {
            !granted -> ListenerStatus.DENIED
            OperatorNotificationListener.instance == null -> ListenerStatus.DISCONNECTED
            else -> ListenerStatus.CONNECTED
        }
    }

    override fun generation(): Long = OperatorNotificationListener.generation

    /** Active notifications; a listener that lost its binding reads as none (status() reports why). */
    private fun current(): List<StatusBarNotification> = try {
        OperatorNotificationListener.instance?.activeNotifications?.toList() ?: emptyList()
    } catch (e: SecurityException) {
        emptyList()
    }

    override fun active(): List<ActiveNotification> = current().map { sbn ->
        val n = sbn.notification
        val extras = n.extras
        val max = extras.getInt(Notification.EXTRA_PROGRESS_MAX, 0)
        val indeterminate = extras.getBoolean(Notification.EXTRA_PROGRESS_INDETERMINATE, false)
        ActiveNotification(
            key = sbn.key,
            packageName = sbn.packageName,
            title = extras.getCharSequence(Notification.EXTRA_TITLE)?.toString(),
            text = extras.getCharSequence(Notification.EXTRA_TEXT)?.toString(),
            postTime = sbn.postTime,
            ongoing = sbn.isOngoing,
            clearable = sbn.isClearable,
            group = n.group,
            groupSummary = (n.flags and Notification.FLAG_GROUP_SUMMARY) != 0,
            progress = if (max > 0 || indeterminate) NotificationProgress(extras.getInt(Notification.EXTRA_PROGRESS, 0), max, indeterminate) else null,
            actions = (n.actions ?: emptyArray()).map { a ->
                NotificationButton(
                    title = a.title?.toString() ?: "",
                    requiresInput = !a.remoteInputs.isNullOrEmpty() ||
                        (Build.VERSION.SDK_INT >= Build.VERSION_CODES.O && !a.dataOnlyRemoteInputs.isNullOrEmpty()),
                    requiresAuthentication = Build.VERSION.SDK_INT >= Build.VERSION_CODES.S && a.isAuthenticationRequired
                )
            },
            revision = OperatorNotificationListener.revisions[sbn.key] ?: 0L
        )
    }

    override fun dismiss(key: String): Boolean {
        val listener = OperatorNotificationListener.instance ?: return false
        listener.cancelNotification(key)
        return true
    }

    override fun invoke(key: String, revision: Long, index: Int): InvokeResult {
        val sbn = current().firstOrNull { it.key == key } ?: return InvokeResult.EXPIRED
        if ((OperatorNotificationListener.revisions[key] ?: 0L) != revision) return InvokeResult.EXPIRED
        val action = sbn.notification.actions?.getOrNull(index) ?: return InvokeResult.EXPIRED
        val intent = action.actionIntent ?: return InvokeResult.FAILED
        return try {
            intent.send()
            InvokeResult.SENT
        } catch (e: PendingIntent.CanceledException) {
            InvokeResult.CANCELLED
        }
    }
}
