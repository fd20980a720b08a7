package app.androperator.operator.app

import android.content.Context
import android.os.Handler
import android.os.Looper
import android.widget.Toast
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit

/**
 * The API-requested toast (seed 003 `show_toast`): submitted on the main
 * thread; a new one cancels the previous. Submission errors propagate so the
 * action fails with ACTION_FAILED.
 */
class Toasts(private val context: Context) {
    private val main = Handler(Looper.getMainLooper())
    private var current: Toast? = null

    fun show(text: String, long: Boolean) = onMain {
        current?.cancel()
        current = Toast.makeText(context, text, if (long) Toast.LENGTH_LONG else Toast.LENGTH_SHORT).also { it.show() }
    }

    fun cancel() = onMain {
        current?.cancel()
        current = null
    }

    private fun onMain(block: () -> Unit) {
        val done = CountDownLatch(1)
        var error: RuntimeException? = null
        main.post {
            try {
                block()
            } catch (e: RuntimeException) {
                error = e
            } finally {
                done.countDown()
            }
        }
        if (!done.await(TIMEOUT_MS, TimeUnit.MILLISECONDS)) throw IllegalStateException("the main thread did not run the toast request")
        error?.let { throw it }
    }

    companion object {
        private const val TIMEOUT_MS = 5000L
    }
}
