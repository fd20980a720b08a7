package app.androperator.operator.app

import android.accessibilityservice.AccessibilityService
import android.app.KeyguardManager
import android.content.ActivityNotFoundException
import android.content.Context
import android.content.Intent
import android.content.pm.PackageManager
import android.content.res.Resources
import android.hardware.display.DisplayManager
import android.net.Uri
import android.os.Build
import android.os.Bundle
import android.os.PowerManager
import android.os.SystemClock
import android.os.UserManager
import android.provider.Settings
import android.util.DisplayMetrics
import android.view.Display
import android.view.accessibility.AccessibilityNodeInfo
import android.view.inputmethod.EditorInfo
import app.androperator.operator.core.DeviceProperties
import app.androperator.operator.core.DeviceState
import app.androperator.operator.core.DisplayInfo
import app.androperator.operator.core.Gesture
import app.androperator.operator.core.GestureOutcome
import app.androperator.operator.core.MediaSource
import app.androperator.operator.core.NodeAction
import app.androperator.operator.core.NotificationSource
import app.androperator.operator.core.PackageVersion
import app.androperator.operator.core.PanelDrawing
import app.androperator.operator.core.Platform
import app.androperator.operator.core.UiCapture
import app.androperator.operator.core.UiNode
import java.io.File
import java.util.Locale

/** The core [Platform] over the real device: accessibility service, package manager and system services. */
class AndroidPlatform(private val context: Context) : Platform {
    private val service: AccessibilityService? get() = OperatorAccessibilityService.instance
    private val toasts = Toasts(context)
    private val notificationSource = ListenerNotificationSource(context)
    private val mediaSource = SessionMediaSource(context)

    private fun defaultDisplay(): Display =
        (context.getSystemService(Context.DISPLAY_SERVICE) as DisplayManager).getDisplay(Display.DEFAULT_DISPLAY)

    override fun display(): DisplayInfo {
        val display = defaultDisplay()
        val metrics = DisplayMetrics()
        // Physical pixels of the whole display in its current orientation, as gestures use them.
        @Suppress("DEPRECATION")
        display.getRealMetrics(metrics)
        return DisplayInfo(metrics.widthPixels, metrics.heightPixels, display.rotation, metrics.densityDpi)
    }

    override fun now(): Long = SystemClock.elapsedRealtime()
    override fun wallTime(): Long = System.currentTimeMillis()
    override fun sleep(ms: Long) { if (ms > 0) Thread.sleep(ms) }

    override fun deviceState(): DeviceState {
        val power = context.getSystemService(Context.POWER_SERVICE) as PowerManager
        val keyguard = context.getSystemService(Context.KEYGUARD_SERVICE) as KeyguardManager
        val users = context.getSystemService(Context.USER_SERVICE) as UserManager
        val resolver = context.contentResolver
        return DeviceState(
            screenOn = power.isInteractive,
            deviceLocked = keyguard.isKeyguardLocked,
            userUnlocked = users.isUserUnlocked,
            developerOptionsEnabled = Settings.Global.getInt(resolver, Settings.Global.DEVELOPMENT_SETTINGS_ENABLED, 0) == 1,
            usbDebuggingEnabled = Settings.Global.getInt(resolver, Settings.Global.ADB_ENABLED, 0) == 1
        )
    }

    override fun accessibilityConnected(): Boolean = service != null

    override fun capture(): UiCapture? {
        val s = service ?: return null
        return NodeCapture.capture(s, defaultDisplay().rotation)
    }

    override fun performAction(node: UiNode, action: NodeAction): Boolean {
        val info = node.handle as? AccessibilityNodeInfo ?: return false
        return when (action) {
            NodeAction.Click -> info.performAction(AccessibilityNodeInfo.ACTION_CLICK)
            NodeAction.LongClick -> info.performAction(AccessibilityNodeInfo.ACTION_LONG_CLICK)
            NodeAction.Focus -> info.performAction(AccessibilityNodeInfo.ACTION_FOCUS)
            is NodeAction.SetText -> info.performAction(AccessibilityNodeInfo.ACTION_SET_TEXT, Bundle().apply {
                putCharSequence(AccessibilityNodeInfo.ACTION_ARGUMENT_SET_TEXT_CHARSEQUENCE, action.text)
            })
            NodeAction.ImeEnter -> {
                // ACTION_IME_ENTER exists from API 30 and only on focused editable nodes that expose it.
                if (Build.VERSION.SDK_INT < Build.VERSION_CODES.R) return false
                val ime = AccessibilityNodeInfo.AccessibilityAction.ACTION_IME_ENTER
                info.actionList.any { it.id == ime.id } && info.performAction(ime.id)
            }
        }
    }

    /** API 33 route: focus the editor, move to its end, delete what precedes, commit the text. */
    override fun inputConnectionReplaceText(node: UiNode, text: String): Boolean? {
        if (Build.VERSION.SDK_INT < Build.VERSION_CODES.TIRAMISU) return null
        val s = service ?: return null
        val info = node.handle as? AccessibilityNodeInfo ?: return null
        info.performAction(AccessibilityNodeInfo.ACTION_FOCUS)
        val connection = s.inputMethod?.currentInputConnection ?: return null
        val existing = info.text?.length ?: 0
        connection.setSelection(existing, existing)
        connection.deleteSurroundingText(existing, 0)
        connection.commitText(text, 1, null)
        return true
    }

    override fun inputConnectionEditorAction(): Boolean? {
        if (Build.VERSION.SDK_INT < Build.VERSION_CODES.TIRAMISU) return null
        val method = service?.inputMethod ?: return null
        val connection = method.currentInputConnection ?: return null
        val action = (method.currentInputEditorInfo?.imeOptions ?: 0) and EditorInfo.IME_MASK_ACTION
        if (action == EditorInfo.IME_ACTION_NONE) return false
        connection.performEditorAction(if (action == EditorInfo.IME_ACTION_UNSPECIFIED) EditorInfo.IME_ACTION_DONE else action)
        return true
    }

    override fun gesture(gesture: Gesture): GestureOutcome {
        val s = service ?: return GestureOutcome.REJECTED
        return GestureDispatcher.dispatch(s, gesture)
    }

    override fun globalAction(key: String): Boolean {
        val s = service ?: return false
        return s.performGlobalAction(when (key) {
            "back" -> AccessibilityService.GLOBAL_ACTION_BACK
            "home" -> AccessibilityService.GLOBAL_ACTION_HOME
            "recents" -> AccessibilityService.GLOBAL_ACTION_RECENTS
            else -> return false
        })
    }

    override fun installed(packageName: String): Boolean = try {
        context.packageManager.getPackageInfo(packageName, 0)
        true
    } catch (e: PackageManager.NameNotFoundException) {
        false
    }

    override fun launch(packageName: String): Boolean {
        val intent = context.packageManager.getLaunchIntentForPackage(packageName) ?: return false
        intent.addFlags(Intent.FLAG_ACTIVITY_NEW_TASK)
        return start(intent)
    }

    override fun openUri(uri: String): Boolean =
        start(Intent(Intent.ACTION_VIEW, Uri.parse(uri)).addFlags(Intent.FLAG_ACTIVITY_NEW_TASK))

    private fun start(intent: Intent): Boolean = try {
        // A bound accessibility service may start activities from the background.
        (service ?: context).startActivity(intent)
        true
    } catch (e: ActivityNotFoundException) {
        false
    } catch (e: SecurityException) {
        false
    }

    override fun packageVersion(packageName: String): PackageVersion? = try {
        val info = context.packageManager.getPackageInfo(packageName, 0)
        @Suppress("DEPRECATION")
        val code = if (Build.VERSION.SDK_INT >= Build.VERSION_CODES.P) info.longVersionCode else info.versionCode.toLong()
        PackageVersion(info.versionName, code)
    } catch (e: PackageManager.NameNotFoundException) {
        null
    }

    override fun foregroundPackage(): String? = service?.rootInActiveWindow?.packageName?.toString()

    override fun showToast(text: String, long: Boolean) = toasts.show(text, long)
    override fun cancelToast() = toasts.cancel()

    override fun setPanel(panel: PanelDrawing?) {
        val s = service ?: throw app.androperator.operator.core.StepFailure("ON_SCREEN_LOG_SERVICE_UNAVAILABLE", "The accessibility service is not connected")
        if (!OverlayPanel.show(s, panel)) {
            throw app.androperator.operator.core.StepFailure("ON_SCREEN_LOG_RENDER_TIMEOUT", "The panel was not drawn in time")
        }
    }

    /** Recording paths are `/sdcard/Android/data/<pkg>/files/...`: the app's external files directory. */
    override fun writeFile(path: String, data: String) {
        val prefix = "/sdcard/Android/data/${context.packageName}/files/"
        val base = context.getExternalFilesDir(null) ?: context.filesDir
        val file = if (path.startsWith(prefix)) File(base, path.removePrefix(prefix)) else File(base, File(path).name)
        file.parentFile?.mkdirs()
        file.writeText(data)
    }

    override fun properties(): DeviceProperties {
        val locale = Resources.getSystem().configuration.locales[0] ?: Locale.getDefault()
        return DeviceProperties(Build.MANUFACTURER, Build.MODEL, locale.toLanguageTag())
    }

    override fun languageName(tag: String, language: String): String? {
        val locale = Locale.forLanguageTag(tag)
        return Locale(language).getDisplayLanguage(locale).takeIf { it.isNotEmpty() }
    }

    override fun notifications(): NotificationSource = notificationSource
    override fun media(): MediaSource = mediaSource
}
