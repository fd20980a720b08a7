package app.androperator.operator.app

import android.app.Activity
import android.content.Context
import android.os.Looper
import android.util.Log
import android.view.View
import android.view.accessibility.AccessibilityNodeInfo
import app.androperator.operator.core.Dialect
import app.androperator.operator.core.Json
import app.androperator.operator.core.asArray
import app.androperator.operator.core.asObject
import app.androperator.operator.core.obj
import org.robolectric.Robolectric
import org.robolectric.Shadows.shadowOf
import org.robolectric.shadows.ShadowLog
import org.robolectric.util.ReflectionHelpers
import org.robolectric.util.ReflectionHelpers.ClassParameter
import java.time.Duration
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicReference

/**
 * Shared set-up of the Robolectric tests: screens of real Views, the connected
 * accessibility service, and waiting for work the Operator does off the test
 * (main) thread while the test keeps the main looper running.
 */
object RoboSupport {
    private const val WAIT_MS = 10_000L

    /** Runs what is queued on the main looper (Robolectric's paused looper runs nothing by itself). */
    fun idleMain() = shadowOf(Looper.getMainLooper()).idle()

    /** Waits for [condition], running main-looper tasks meanwhile, as the Operator's worker needs them. */
    fun awaitPumping(what: String, timeoutMs: Long = WAIT_MS, condition: () -> Boolean) {
        val deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs)
        val tick = CountDownLatch(1)
        while (!condition()) {
            if (System.nanoTime() > deadline) throw AssertionError("$what: not within $timeoutMs ms")
            idleMain()
            tick.await(1, TimeUnit.MILLISECONDS)
        }
    }

    /** Runs [block] on another thread, as the Operator's worker does, and returns its result. */
    fun <T> onWorker(block: () -> T): T {
        val result = AtomicReference<Result<T>>()
        Thread({ result.set(runCatching(block)) }, "test-worker").start()
        awaitPumping("worker") { result.get() != null }
        return result.get().getOrThrow()
    }

    /** An Activity showing [content], laid out and visible to accessibility. */
    fun show(content: (Context) -> View): Activity {
        val activity = Robolectric.buildActivity(Activity::class.java).setup().get()
        activity.setContentView(content(activity))
        // Robolectric leaves the window "app invisible", which makes every node invisible to the user.
        val viewRoot = activity.window.decorView.parent
        ReflectionHelpers.callInstanceMethod<Any>(viewRoot, "dispatchAppVisibility", ClassParameter.from(Boolean::class.javaPrimitiveType, true))
        shadowOf(Looper.getMainLooper()).idleFor(Duration.ofMillis(100))
        return activity
    }

    fun contentRoot(activity: Activity): View = activity.findViewById<android.view.ViewGroup>(android.R.id.content).getChildAt(0)

    /** The node of [view] with children queried from the app process (as the system would serve them). */
    fun rootNode(view: View): AccessibilityNodeInfo =
        view.createAccessibilityNodeInfo().also { it.setQueryFromAppProcessEnabled(view, true) }

    /** The Operator's accessibility service, connected, with [root] as the active window's content. */
    fun connectService(root: View? = null): OperatorAccessibilityService {
        val service = Robolectric.setupService(OperatorAccessibilityService::class.java)
        ReflectionHelpers.callInstanceMethod<Any>(service, "onServiceConnected")
        if (root != null) shadowOf(service).setRootInActiveWindow(rootNode(root))
        return service
    }

    /** Forgets the process-wide Operator state a test created (the sandbox outlives one test). */
    fun tearDown() {
        OperatorAccessibilityService.instance?.let { service ->
            onWorker { OverlayPanel.show(service, null) }
            service.onDestroy()
        }
        OperatorNotificationListener.instance?.onListenerDisconnected()
        OperatorNotificationListener.revisions.clear()
        OperatorRuntime.current()?.close()
    }

    /**
     * Sends [actions] as one execution through [AgentCommandReceiver] (androperator dialect)
     * and returns the envelope that reaches logcat.
     */
    fun execute(context: Context, commandId: String, vararg actions: Map<String, Any?>): Map<String, Any?> {
        val before = resultLines().size
        val payload = Json.stringify(obj("commandId" to commandId, "taskId" to "t-$commandId", "source" to "robolectric", "timeoutMs" to 30000, "actions" to actions.toList()))
        AgentCommandReceiver().onReceive(context, android.content.Intent(Dialect.ANDROPERATOR.action).putExtra(AgentCommandReceiver.EXTRA_PAYLOAD, payload))
        awaitPumping("result of $commandId") { resultLines().size > before }
        return envelopeOf(resultLines()[before])
    }

    /** The `payload` JSON of the first step of [envelope]. */
    fun stepPayload(envelope: Map<String, Any?>, step: Int = 0): Map<String, Any?> {
        val data = envelope["stepResults"].asArray()!![step].asObject()!!["data"].asObject()!!
        return Json.parse(data["payload"] as String? ?: throw AssertionError("no payload in $envelope")).asObject()!!
    }

    fun resultLines(): List<String> = ShadowLog.getLogsForTag(OperatorRuntime.RESULT_TAG).map { it.msg }

    /** The envelope of a single-line result. */
    fun envelopeOf(line: String): Map<String, Any?> = Json.parse(line.substringAfter("] ")).asObject()!!

    fun logged(tag: String, level: Int = Log.INFO): List<String> =
        ShadowLog.getLogsForTag(tag).filter { it.type == level }.map { it.msg }
}
