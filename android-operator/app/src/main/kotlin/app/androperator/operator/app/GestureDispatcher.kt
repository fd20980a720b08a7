package app.androperator.operator.app

import android.accessibilityservice.AccessibilityService
import android.accessibilityservice.GestureDescription
import android.graphics.Path
import android.os.Build
import app.androperator.operator.core.Gesture
import app.androperator.operator.core.GestureOutcome
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit

/**
 * Dispatches one-finger gestures with AccessibilityService.dispatchGesture and
 * blocks the worker until Android reports completion or cancellation. A hold
 * followed by movement (drag) uses two continued strokes (API 26).
 */
object GestureDispatcher {
    private const val CALLBACK_SLACK_MS = 5000L

    fun dispatch(service: AccessibilityService, g: Gesture): GestureOutcome {
        val moves = g.start != g.end
        if (moves && g.holdMs > 0) {
            if (Build.VERSION.SDK_INT < Build.VERSION_CODES.O) return GestureOutcome.REJECTED
            val hold = GestureDescription.StrokeDescription(point(g.start.x, g.start.y), 0, g.holdMs, true)
            val first = run(service, hold, g.holdMs)
            if (first != GestureOutcome.COMPLETED) return first
            val move = hold.continueStroke(line(g), 0, maxOf(1L, g.moveMs), false)
            return run(service, move, g.moveMs)
        }
        val path = if (moves) line(g) else point(g.start.x, g.start.y)
        return run(service, GestureDescription.StrokeDescription(path, 0, maxOf(1L, g.holdMs + g.moveMs)), g.holdMs + g.moveMs)
    }

    private fun point(x: Int, y: Int) = Path().apply { moveTo(x.toFloat(), y.toFloat()) }

    private fun line(g: Gesture) = Path().apply {
        moveTo(g.start.x.toFloat(), g.start.y.toFloat())
        lineTo(g.end.x.toFloat(), g.end.y.toFloat())
    }

    private fun run(service: AccessibilityService, stroke: GestureDescription.StrokeDescription, durationMs: Long): GestureOutcome {
        val done = CountDownLatch(1)
        var outcome = GestureOutcome.CANCELLED
        val description = GestureDescription.Builder().addStroke(stroke).build()
        val accepted = service.dispatchGesture(description, object : AccessibilityService.GestureResultCallback() {
            override fun onCompleted(gestureDescription: GestureDescription?) {
                outcome = GestureOutcome.COMPLETED
                done.countDown()
            }

            override fun onCancelled(gestureDescription: GestureDescription?) {
                outcome = GestureOutcome.CANCELLED
                done.countDown()
            }
        }, null)
        if (!accepted) return GestureOutcome.REJECTED
        // A missing callback counts as cancelled; the command budget bounds the whole action anyway.
        if (!done.await(durationMs + CALLBACK_SLACK_MS, TimeUnit.MILLISECONDS)) return GestureOutcome.CANCELLED
        return outcome
    }
}
