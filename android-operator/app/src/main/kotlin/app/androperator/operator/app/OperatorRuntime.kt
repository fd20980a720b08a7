package app.androperator.operator.app

import android.content.Context
import android.os.Handler
import android.os.Looper
import android.util.Log
import app.androperator.operator.core.Dialect
import app.androperator.operator.core.Engine
import app.androperator.operator.core.Envelope
import app.androperator.operator.core.OperatorState
import app.androperator.operator.core.Overlay
import app.androperator.operator.core.RawExecution
import app.androperator.operator.core.ResultPublisher
import java.util.concurrent.Executors

/**
 * One per process: the worker thread that runs executions one at a time, the
 * core [Engine] with the process-lifetime [OperatorState], and the logcat
 * result publisher. Executions are serialized: a second broadcast waits in the
 * queue (its wait counts against nothing on the host but its own envelope timeout).
 */
class OperatorRuntime private constructor(context: Context) {
    private val appContext = context.applicationContext
    private val worker = Executors.newSingleThreadExecutor { r -> Thread(r, "operator-worker") }
    private val main = Handler(Looper.getMainLooper())
    val platform = AndroidPlatform(appContext)
    private val state = OperatorState(appContext.packageName)
    private val engine = Engine(platform, state)

    fun submit(payload: String, dialect: Dialect) {
        worker.execute {
            // What cannot be correlated (no JSON, no ids, no action list) gets no answer,
            // so the host reports RESULT_ENVELOPE_TIMEOUT instead of a guessed envelope.
            val execution = RawExecution.parse(payload)
            if (execution == null) {
                Log.w(LOG_TAG, "ignored a payload without commandId, taskId or actions")
                return@execute
            }
            val envelope = try {
                engine.execute(execution)
            } catch (t: Throwable) {
                Log.e(LOG_TAG, "execution ${execution.commandId} crashed", t)
                return@execute
            }
            publish(envelope, dialect)
            schedulePanelExpiry()
        }
    }

    /** The on-screen log panel's TTL: removal runs on the worker so it never races an execution. */
    private fun schedulePanelExpiry() {
        val at = state.panelExpiresAt ?: return
        val delay = maxOf(0L, at - platform.now())
        main.postDelayed({ worker.execute { Overlay.expireIfDue(platform, state) } }, delay + 1)
    }

    /** Stops the worker and forgets this runtime (process teardown; tests start each case afresh). */
    internal fun close() {
        worker.shutdownNow()
        synchronized(Companion) { if (instance === this) instance = null }
    }

    companion object {
        const val LOG_TAG = "Operator"
        /** Logcat tag of result lines; the host matches the line prefix and commandId, never the tag. */
        const val RESULT_TAG = "OperatorResult"

        @Volatile
        private var instance: OperatorRuntime? = null

        /** Logs [envelope] for the host: one result line, or paced chunk lines when it is long. */
        fun publish(envelope: Envelope, dialect: Dialect) =
            ResultPublisher(dialect, { line -> Log.i(RESULT_TAG, line) }, { ms -> Thread.sleep(ms) }).publish(envelope)

        internal fun current(): OperatorRuntime? = instance

        fun get(context: Context): OperatorRuntime =
            instance ?: synchronized(this) { instance ?: OperatorRuntime(context).also { instance = it } }
    }
}
