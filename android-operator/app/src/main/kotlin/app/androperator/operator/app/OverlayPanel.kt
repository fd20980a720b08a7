package app.androperator.operator.app

import android.accessibilityservice.AccessibilityService
import android.content.Context
import android.graphics.Color
import android.graphics.PixelFormat
import android.os.Handler
import android.os.Looper
import android.util.TypedValue
import android.view.Gravity
import android.view.View
import android.view.WindowManager
import android.widget.TextView
import app.androperator.operator.core.PanelDrawing
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit

/**
 * The on-screen log panel: one non-interactive TYPE_ACCESSIBILITY_OVERLAY window
 * drawn at the bounds the core laid out. Every set replaces the whole panel.
 */
object OverlayPanel {
    private const val RENDER_TIMEOUT_MS = 3000L
    private const val PADDING_DP = 8
    /** Looked up per use: this object outlives any one main looper in tests. */
    private val main: Handler get() = Handler(Looper.getMainLooper())
    private var view: View? = null
    private var windowManager: WindowManager? = null

    /** Shows [panel] (null removes it); false when the main thread did not draw within the timeout. */
    fun show(service: AccessibilityService, panel: PanelDrawing?): Boolean {
        val done = CountDownLatch(1)
        main.post {
            try {
                removeOnMain()
                if (panel != null) add(service, panel)
            } finally {
                done.countDown()
            }
        }
        return done.await(RENDER_TIMEOUT_MS, TimeUnit.MILLISECONDS)
    }

    fun detach() {
        main.post { removeOnMain() }
    }

    private fun add(service: AccessibilityService, panel: PanelDrawing) {
        val wm = service.getSystemService(Context.WINDOW_SERVICE) as WindowManager
        val b = panel.bounds
        val label = TextView(service).apply {
            text = panel.lines.joinToString("\n")
            setTextColor(Color.parseColor(panel.textColor))
            setBackgroundColor(Color.parseColor(panel.backgroundColor))
            setTextSize(TypedValue.COMPLEX_UNIT_PX, panel.fontSizePx.toFloat())
            // The core's layout reserves a fixed 8 dp inner padding.
            val padding = (PADDING_DP * service.resources.displayMetrics.density).toInt()
            setPadding(padding, padding, padding, padding)
            gravity = if (panel.textAlign == "right") Gravity.END else Gravity.START
        }
        val params = WindowManager.LayoutParams(
            b.right - b.left, b.bottom - b.top,
            WindowManager.LayoutParams.TYPE_ACCESSIBILITY_OVERLAY,
            WindowManager.LayoutParams.FLAG_NOT_FOCUSABLE or WindowManager.LayoutParams.FLAG_NOT_TOUCHABLE or
                WindowManager.LayoutParams.FLAG_LAYOUT_NO_LIMITS,
            PixelFormat.TRANSLUCENT
        ).apply {
            gravity = Gravity.TOP or Gravity.START
            x = b.left
            y = b.top
        }
        wm.addView(label, params)
        view = label
        windowManager = wm
    }

    private fun removeOnMain() {
        val v = view ?: return
        view = null
        try {
            windowManager?.removeViewImmediate(v)
        } catch (e: IllegalArgumentException) {
            // The window went with the service's previous connection; nothing left to remove.
        }
        windowManager = null
    }
}
