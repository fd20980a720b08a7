package app.androperator.operator.app

import android.accessibilityservice.AccessibilityService
import android.accessibilityservice.AccessibilityServiceInfo
import android.os.Build
import android.view.accessibility.AccessibilityEvent

/**
 * The accessibility service the Operator acts through: window content,
 * gestures, global actions, the text-input connection (API 33) and the
 * on-screen log overlay. Granted with
 * `settings put secure enabled_accessibility_services <pkg>/app.androperator.operator.app.OperatorAccessibilityService`.
 */
class OperatorAccessibilityService : AccessibilityService() {
    override fun onServiceConnected() {
        super.onServiceConnected()
        if (Build.VERSION.SDK_INT >= Build.VERSION_CODES.TIRAMISU) {
            // The input-connection fallback of enter_text needs the IME capability (API 33).
            // Null only when the system connection is already gone.
            serviceInfo?.let { info -> serviceInfo = info.apply { flags = flags or AccessibilityServiceInfo.FLAG_INPUT_METHOD_EDITOR } }
        }
        instance = this
        OperatorRuntime.get(this)
    }

    override fun onAccessibilityEvent(event: AccessibilityEvent?) {
        // Captures are taken on demand; events are not needed between commands.
    }

    override fun onInterrupt() {}

    override fun onUnbind(intent: android.content.Intent?): Boolean {
        instance = null
        OverlayPanel.detach()
        return super.onUnbind(intent)
    }

    override fun onDestroy() {
        instance = null
        super.onDestroy()
    }

    companion object {
        /** The connected service, or null when accessibility is off. */
        @Volatile
        var instance: OperatorAccessibilityService? = null
            private set
    }
}
