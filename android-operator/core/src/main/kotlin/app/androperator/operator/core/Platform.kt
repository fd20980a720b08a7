package app.androperator.operator.core

/**
 * What the Operator needs from Android: the narrow seam the action engine runs
 * against. The app's accessibility service implements it over
 * AccessibilityNodeInfo, dispatchGesture and the system services; the tests
 * implement it over scripted JSON screens. It mirrors the virtual Operator's
 * `OperatorPlatform` (src/virtual-device/operator/platform.ts) so both engines
 * run the same logic. Calls are blocking, made from the Operator's worker thread.
 */
interface Platform {
    fun display(): DisplayInfo
    /** Elapsed realtime (monotonic), ms. */
    fun now(): Long
    /** Wall clock, epoch ms. */
    fun wallTime(): Long
    /** Waits [ms] of device time. */
    fun sleep(ms: Long)
    fun deviceState(): DeviceState
    /** The Operator's accessibility service is connected. */
    fun accessibilityConnected(): Boolean
    /** A fresh capture, or null when no application root is available. */
    fun capture(): UiCapture?
    /** Performs an accessibility action on a node of the latest capture; false when refused or stale. */
    fun performAction(node: UiNode, action: NodeAction): Boolean
    /**
     * The API 33 input-connection route (AccessibilityService.InputMethod): replace the
     * focused editor's text. Null when the route is unavailable on this device.
     */
    fun inputConnectionReplaceText(node: UiNode, text: String): Boolean?
    /** performEditorAction on the API 33 input connection; null when unavailable. */
    fun inputConnectionEditorAction(): Boolean?
    /** Dispatches a gesture and blocks until it completes, is cancelled, or is rejected. */
    fun gesture(gesture: Gesture): GestureOutcome
    fun globalAction(key: String): Boolean
    fun installed(packageName: String): Boolean
    /** Starts the package's launcher activity; false when it has none. */
    fun launch(packageName: String): Boolean
    /** Routes a VIEW intent; false when nothing handles it. */
    fun openUri(uri: String): Boolean
    fun packageVersion(packageName: String): PackageVersion?
    /** Package of the focused application window. */
    fun foregroundPackage(): String?
    fun showToast(text: String, long: Boolean)
    fun cancelToast()
    /** Draws (or with null removes) the Operator's on-screen log panel. */
    fun setPanel(panel: PanelDrawing?)
    /** Writes a file in the Operator's storage (recordings). */
    fun writeFile(path: String, data: String)
    fun properties(): DeviceProperties
    /** Display name of [language] in the language of [tag] (`Deutsch`), or null. */
    fun languageName(tag: String, language: String): String?
    /** Notification listener and media sessions; null when notification access is not granted. */
    fun notifications(): NotificationSource
    fun media(): MediaSource
}

data class DisplayInfo(val width: Int, val height: Int, val rotation: Int, val densityDpi: Int)

/** One accessibility capture of the windows on screen. */
data class UiCapture(
    val hierarchy: UiHierarchy,
    val foregroundPackage: String?,
    val windowCount: Int,
    /** Package of a non-application window above the app (dialog, system overlay), if any. */
    val overlayPackage: String?
)

/** Accessibility actions on a captured node (AccessibilityNodeInfo.performAction). */
sealed class NodeAction {
    object Click : NodeAction()
    object LongClick : NodeAction()
    object Focus : NodeAction()
    class SetText(val text: String) : NodeAction()
    object ImeEnter : NodeAction()
}

data class Point(val x: Int, val y: Int) {
    fun toJson(): Map<String, Any?> = obj("x" to x, "y" to y)
}

/** A one-finger gesture: optional hold at [start], then a straight move to [end]. */
data class Gesture(val start: Point, val end: Point, val holdMs: Long, val moveMs: Long)

enum class GestureOutcome { COMPLETED, REJECTED, CANCELLED }

data class DeviceState(
    val screenOn: Boolean,
    val deviceLocked: Boolean,
    val userUnlocked: Boolean,
    val developerOptionsEnabled: Boolean,
    val usbDebuggingEnabled: Boolean
) {
    fun toJson(): Map<String, Any?> = obj("screenOn" to screenOn, "deviceLocked" to deviceLocked, "userUnlocked" to userUnlocked)
}

data class PackageVersion(val versionName: String?, val versionCode: Long)

data class DeviceProperties(val manufacturer: String, val model: String, val languageTag: String)

/** The Operator-owned on-screen log panel as the device draws it. */
data class PanelDrawing(
    val lines: List<String>,
    val bounds: Bounds,
    val textColor: String,
    val backgroundColor: String,
    val fontSizePx: Int,
    val textAlign: String
)
