package app.androperator.operator.app

import android.app.Application
import android.app.Notification
import android.app.NotificationManager
import android.app.PendingIntent
import android.app.RemoteInput
import android.content.ComponentName
import android.content.Intent
import app.androperator.operator.core.InvokeResult
import app.androperator.operator.core.ListenerStatus
import app.androperator.operator.core.asArray
import app.androperator.operator.core.asObject
import app.androperator.operator.core.obj
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Before
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.Robolectric
import org.robolectric.RobolectricTestRunner
import org.robolectric.RuntimeEnvironment
import org.robolectric.Shadows.shadowOf

/**
 * Real Notification objects through the Operator's NotificationListenerService:
 * list, dismiss and invoke as seed 001 describes them.
 */
@RunWith(RobolectricTestRunner::class)
class NotificationListenerTest {
    private val context: Application get() = RuntimeEnvironment.getApplication()
    private lateinit var listener: OperatorNotificationListener
    private lateinit var source: ListenerNotificationSource

    @Before
    fun setUp() {
        grant(true)
        listener = Robolectric.setupService(OperatorNotificationListener::class.java)
        listener.onListenerConnected()
        source = ListenerNotificationSource(context)
    }

    @After
    fun tearDown() = RoboSupport.tearDown()

    private fun grant(granted: Boolean) = shadowOf(context.getSystemService(NotificationManager::class.java))
        .setNotificationListenerAccessGranted(ComponentName(context, OperatorNotificationListener::class.java), granted)

    private fun builder(title: String, text: String) = Notification.Builder(context, "chat")
        .setSmallIcon(android.R.drawable.sym_def_app_icon).setContentTitle(title).setContentText(text)

    private fun broadcast(action: String) = PendingIntent.getBroadcast(context, action.hashCode(), Intent(action), PendingIntent.FLAG_IMMUTABLE)

    /** Posts as the system does: the notification becomes active, then the listener hears of it. */
    private fun post(id: Int, notification: Notification): String {
        val key = shadowOf(listener).addActiveNotification("com.chat", id, notification)
        listener.onNotificationPosted(listener.activeNotifications.single { it.key == key })
        return key
    }

    private fun chat(): Notification {
        val reply = RemoteInput.Builder("reply").setLabel("Reply").build()
        return builder("Ana", "Lunch at 12?")
            .addAction(Notification.Action.Builder(null, "Reply", broadcast("com.chat.REPLY")).addRemoteInput(reply).build())
            .addAction(Notification.Action.Builder(null, "Mark read", broadcast("com.chat.MARK_READ")).build())
            .build()
    }

    @Test
    fun statusIsConnectedWhenGrantedAndBound() {
        assertEquals(ListenerStatus.CONNECTED, source.status())
    }

    @Test
    fun statusIsDeniedWithoutTheListenerGrant() {
        grant(false)
        assertEquals(ListenerStatus.DENIED, source.status())
    }

    @Test
    fun statusIsDisconnectedWhenGrantedButUnbound() {
        listener.onListenerDisconnected()
        assertEquals(ListenerStatus.DISCONNECTED, source.status())
    }

    @Test
    fun activeReadsTitleTextPackageAndActionButtons() {
        val key = post(7, chat())
        val n = source.active().single()
        assertEquals(key, n.key)
        assertEquals("com.chat", n.packageName)
        assertEquals("Ana" to "Lunch at 12?", n.title to n.text)
        assertEquals(listOf("Reply", "Mark read"), n.actions.map { it.title })
    }

    @Test
    fun anActionWithRemoteInputRequiresInput() {
        post(7, chat())
        assertEquals(listOf(true, false), source.active().single().actions.map { it.requiresInput })
    }

    @Test
    fun anAuthenticationRequiredActionIsReported() {
        post(8, builder("Bank", "Approve?").addAction(
            Notification.Action.Builder(null, "Approve", broadcast("com.bank.APPROVE")).setAuthenticationRequired(true).build()
        ).build())
        assertTrue(source.active().single().actions.single().requiresAuthentication)
    }

    @Test
    fun anOngoingNotificationIsNotClearable() {
        post(9, builder("Upload", "Sending").setOngoing(true).build())
        val n = source.active().single()
        assertTrue(n.ongoing)
        assertFalse(n.clearable)
    }

    @Test
    fun aGroupSummaryIsMarkedWithItsGroup() {
        post(10, builder("3 messages", "").setGroup("inbox").setGroupSummary(true).build())
        post(11, builder("Ana", "hi").setGroup("inbox").build())
        val byTitle = source.active().associateBy { it.title }
        assertEquals("inbox" to true, byTitle.getValue("3 messages").let { it.group to it.groupSummary })
        assertEquals("inbox" to false, byTitle.getValue("Ana").let { it.group to it.groupSummary })
    }

    @Test
    fun progressIsReadFromTheExtras() {
        post(12, builder("Download", "40%").setProgress(100, 40, false).build())
        val p = source.active().single().progress!!
        assertEquals(Triple(40, 100, false), Triple(p.value, p.max, p.indeterminate))
        post(13, builder("Plain", "no bar").build())
        assertNull(source.active().single { it.title == "Plain" }.progress)
    }

    @Test
    fun everyPostOfTheSameKeyIsANewRevision() {
        val key = post(7, chat())
        assertEquals(1L, source.active().single().revision)
        listener.onNotificationPosted(listener.activeNotifications.single { it.key == key })
        assertEquals(2L, source.active().single().revision)
    }

    @Test
    fun dismissCancelsTheNotificationThroughTheListener() {
        val key = post(7, chat())
        assertTrue(source.dismiss(key))
        assertTrue(source.active().isEmpty())
    }

    @Test
    fun invokeSendsTheActionsPendingIntent() {
        val key = post(7, chat())
        assertEquals(InvokeResult.SENT, source.invoke(key, 1L, 1))
        RoboSupport.idleMain()
        assertEquals("com.chat.MARK_READ", shadowOf(context).broadcastIntents.last().action)
    }

    @Test
    fun invokeAfterARepostIsExpired() {
        val key = post(7, chat())
        listener.onNotificationPosted(listener.activeNotifications.single { it.key == key })
        assertEquals(InvokeResult.EXPIRED, source.invoke(key, 1L, 1))
        assertTrue(shadowOf(context).broadcastIntents.isEmpty())
    }

    @Test
    fun invokeOfACancelledPendingIntentIsCancelled() {
        val intent = broadcast("com.chat.GONE")
        val key = post(14, builder("Ana", "x").addAction(Notification.Action.Builder(null, "Go", intent).build()).build())
        intent.cancel()
        assertEquals(InvokeResult.CANCELLED, source.invoke(key, 1L, 0))
    }

    @Test
    fun listNotificationsThroughTheReceiverCarriesTheNotification() {
        RoboSupport.connectService()
        post(7, chat())
        val envelope = RoboSupport.execute(context, "ln1", obj("id" to "l", "type" to "list_notifications"))
        assertEquals("success", envelope["status"])
        val listed = RoboSupport.stepPayload(envelope)["notifications"].asArray()!!.single().asObject()!!
        assertEquals("Ana", listed["title"])
        assertEquals(listOf("Reply", "Mark read"), listed["actions"].asArray()!!.map { it.asObject()!!["title"] })
    }
}
