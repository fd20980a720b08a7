package app.androperator.operator.app

import android.accessibilityservice.AccessibilityService
import android.app.Application
import android.content.Intent
import android.content.pm.PackageInfo
import android.graphics.Color
import android.net.Uri
import android.provider.Settings
import android.view.WindowManager
import android.widget.TextView
import app.androperator.operator.core.Bounds
import app.androperator.operator.core.Gesture
import app.androperator.operator.core.GestureOutcome
import app.androperator.operator.core.PanelDrawing
import app.androperator.operator.core.Point
import app.androperator.operator.core.StepFailure
import app.androperator.operator.core.asObject
import app.androperator.operator.core.obj
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.junit.Before
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.RuntimeEnvironment
import org.robolectric.Shadows.shadowOf
import org.robolectric.shadow.api.Shadow
import org.robolectric.shadows.ShadowPath
import org.robolectric.shadows.ShadowToast
import org.robolectric.shadows.ShadowWindowManagerImpl
import java.util.concurrent.atomic.AtomicReference

/**
 * [AndroidPlatform] and its helpers on the framework: gesture dispatch through
 * AccessibilityService.dispatchGesture, toasts, the overlay panel window,
 * global actions, packages, intents, device state and doctor_ping.
 */
@RunWith(RobolectricTestRunner::class)
class PlatformTest {
    private val context: Application get() = RuntimeEnvironment.getApplication()
    private lateinit var service: OperatorAccessibilityService
    private lateinit var platform: AndroidPlatform

    @Before
    fun setUp() {
        service = RoboSupport.connectService()
        platform = AndroidPlatform(context)
    }

    @After
    fun tearDown() = RoboSupport.tearDown()

    /** Dispatches [gesture] on a worker; [answer] plays the system's part for each dispatched stroke. */
    private fun dispatch(gesture: Gesture, answer: (Int) -> Boolean = { true }): GestureOutcome {
        val outcome = AtomicReference<GestureOutcome>()
        Thread { outcome.set(GestureDispatcher.dispatch(service, gesture)) }.start()
        var answered = 0
        RoboSupport.awaitPumping("gesture outcome") {
            val dispatched = shadowOf(service).gesturesDispatched
            if (dispatched.size > answered) {
                val d = dispatched[answered]
                if (answer(answered)) d.callback().onCompleted(d.description()) else d.callback().onCancelled(d.description())
                answered++
            }
            outcome.get() != null
        }
        return outcome.get()
    }

    private fun points(index: Int, stroke: Int = 0) =
        Shadow.extract<ShadowPath>(shadowOf(service).gesturesDispatched[index].description().getStroke(stroke).path).points.map { it.x.toInt() to it.y.toInt() }

    @Test
    fun aTapIsOneStrokeAtThePointForItsHoldTime() {
        assertEquals(GestureOutcome.COMPLETED, dispatch(Gesture(Point(100, 200), Point(100, 200), 50, 0)))
        val stroke = shadowOf(service).gesturesDispatched.single().description().getStroke(0)
        assertEquals(0L to 50L, stroke.startTime to stroke.duration)
        assertEquals(listOf(100 to 200), points(0))
    }

    @Test
    fun aSwipeIsOneStrokeFromStartToEnd() {
        assertEquals(GestureOutcome.COMPLETED, dispatch(Gesture(Point(540, 1800), Point(540, 600), 0, 300)))
        assertEquals(listOf(540 to 1800, 540 to 600), points(0))
        assertEquals(300L, shadowOf(service).gesturesDispatched.single().description().getStroke(0).duration)
    }

    @Test
    fun aDragHoldsThenMovesAsAContinuedStroke() {
        assertEquals(GestureOutcome.COMPLETED, dispatch(Gesture(Point(10, 20), Point(300, 400), 600, 250)))
        val dispatched = shadowOf(service).gesturesDispatched
        assertEquals(2, dispatched.size)
        val hold = dispatched[0].description().getStroke(0)
        val move = dispatched[1].description().getStroke(0)
        assertTrue(hold.willContinue())
        assertFalse(move.willContinue())
        assertEquals(600L to 250L, hold.duration to move.duration)
        assertEquals(listOf(10 to 20, 300 to 400), points(1))
    }

    @Test
    fun aCancelledGestureReportsCancelled() {
        assertEquals(GestureOutcome.CANCELLED, dispatch(Gesture(Point(1, 1), Point(1, 1), 10, 0)) { false })
    }

    @Test
    fun aDragWhoseHoldIsCancelledNeverMoves() {
        assertEquals(GestureOutcome.CANCELLED, dispatch(Gesture(Point(10, 20), Point(300, 400), 600, 250)) { false })
        assertEquals(1, shadowOf(service).gesturesDispatched.size)
    }

    @Test
    fun aGestureTheSystemRefusesIsRejected() {
        shadowOf(service).setCanDispatchGestures(false)
        assertEquals(GestureOutcome.REJECTED, GestureDispatcher.dispatch(service, Gesture(Point(1, 1), Point(1, 1), 10, 0)))
    }

    @Test
    fun withoutTheServiceGesturesAreRejected() {
        RoboSupport.tearDown()
        assertEquals(GestureOutcome.REJECTED, platform.gesture(Gesture(Point(1, 1), Point(1, 1), 10, 0)))
    }

    @Test
    fun globalActionsMapToTheAccessibilityServiceActions() {
        assertTrue(platform.globalAction("back"))
        assertTrue(platform.globalAction("home"))
        assertTrue(platform.globalAction("recents"))
        assertFalse(platform.globalAction("power"))
        assertEquals(
            listOf(AccessibilityService.GLOBAL_ACTION_BACK, AccessibilityService.GLOBAL_ACTION_HOME, AccessibilityService.GLOBAL_ACTION_RECENTS),
            shadowOf(service).globalActionsPerformed
        )
    }

    @Test
    fun showToastShowsAFrameworkToastWithTheText() {
        RoboSupport.onWorker { platform.showToast("Starting test run", false) }
        assertEquals("Starting test run", ShadowToast.getTextOfLatestToast())
        assertEquals(android.widget.Toast.LENGTH_SHORT, ShadowToast.getLatestToast().duration)
    }

    @Test
    fun aNewToastCancelsThePreviousOne() {
        RoboSupport.onWorker { platform.showToast("first", true) }
        val first = ShadowToast.getLatestToast()
        RoboSupport.onWorker { platform.showToast("second", true) }
        assertTrue(shadowOf(first).isCancelled)
        assertEquals(android.widget.Toast.LENGTH_LONG, ShadowToast.getLatestToast().duration)
    }

    @Test
    fun cancelToastCancelsTheShownToast() {
        RoboSupport.onWorker { platform.showToast("bye", false) }
        RoboSupport.onWorker { platform.cancelToast() }
        assertTrue(shadowOf(ShadowToast.getLatestToast()).isCancelled)
    }

    private fun windowViews() = Shadow.extract<ShadowWindowManagerImpl>(service.getSystemService(WindowManager::class.java)).views

    @Test
    fun theOnScreenLogPanelIsAnAccessibilityOverlayAtTheLaidOutBounds() {
        val panel = PanelDrawing(listOf("com.example", "Pixel 9"), Bounds(16, 100, 416, 220), "#FFFFFFFF", "#CC000000", 36, "left")
        RoboSupport.onWorker { platform.setPanel(panel) }
        val label = windowViews().single() as TextView
        assertEquals("com.example\nPixel 9", label.text.toString())
        assertEquals(Color.parseColor("#FFFFFFFF"), label.currentTextColor)
        assertEquals(36f, label.textSize, 0f)
        val params = label.layoutParams as WindowManager.LayoutParams
        assertEquals(WindowManager.LayoutParams.TYPE_ACCESSIBILITY_OVERLAY, params.type)
        assertEquals(listOf(16, 100, 400, 120), listOf(params.x, params.y, params.width, params.height))
        assertTrue(params.flags and WindowManager.LayoutParams.FLAG_NOT_TOUCHABLE != 0)
    }

    @Test
    fun settingThePanelAgainReplacesItAndNullRemovesIt() {
        RoboSupport.onWorker { platform.setPanel(PanelDrawing(listOf("a"), Bounds(0, 0, 100, 50), "#FFFFFFFF", "#FF000000", 20, "right")) }
        RoboSupport.onWorker { platform.setPanel(PanelDrawing(listOf("b"), Bounds(0, 0, 100, 50), "#FFFFFFFF", "#FF000000", 20, "right")) }
        assertEquals(listOf("b"), windowViews().map { (it as TextView).text.toString() })
        assertEquals(android.view.Gravity.END, (windowViews().single() as TextView).gravity and android.view.Gravity.END)
        RoboSupport.onWorker { platform.setPanel(null) }
        assertTrue(windowViews().isEmpty())
    }

    @Test
    fun thePanelNeedsTheAccessibilityService() {
        RoboSupport.tearDown()
        try {
            platform.setPanel(null)
            fail("expected ON_SCREEN_LOG_SERVICE_UNAVAILABLE")
        } catch (e: StepFailure) {
            assertEquals("ON_SCREEN_LOG_SERVICE_UNAVAILABLE", e.code)
        }
    }

    @Test
    fun doctorPingReportsTheDeviceState() {
        Settings.Global.putInt(context.contentResolver, Settings.Global.ADB_ENABLED, 1)
        Settings.Global.putInt(context.contentResolver, Settings.Global.DEVELOPMENT_SETTINGS_ENABLED, 1)
        val envelope = RoboSupport.execute(context, "doc1", obj("id" to "d", "type" to "doctor_ping"))
        assertEquals("success", envelope["status"])
        val data = (envelope["stepResults"] as List<*>).single().asObject()!!["data"]
        assertEquals(
            mapOf("developer_options_enabled" to "true", "usb_debugging_enabled" to "true", "screen_on" to "true", "device_locked" to "false", "user_unlocked" to "true"),
            data
        )
    }

    @Test
    fun doctorPingSeesALockedScreen() {
        shadowOf(context.getSystemService(android.app.KeyguardManager::class.java)).setKeyguardLocked(true)
        shadowOf(context.getSystemService(android.os.PowerManager::class.java)).setIsInteractive(false)
        val data = (RoboSupport.execute(context, "doc2", obj("id" to "d", "type" to "doctor_ping"))["stepResults"] as List<*>).single().asObject()!!["data"].asObject()!!
        assertEquals("true" to "false", data["device_locked"] to data["screen_on"])
    }

    @Test
    fun doctorPingWithoutTheServiceFails() {
        RoboSupport.tearDown()
        assertEquals("SERVICE_UNAVAILABLE", RoboSupport.execute(context, "doc3", obj("id" to "d", "type" to "doctor_ping"))["errorCode"])
    }

    @Test
    fun packagesAreLookedUpInThePackageManager() {
        shadowOf(context.packageManager).installPackage(PackageInfo().apply {
            packageName = "com.example.settings"; versionName = "14.2"; longVersionCode = 1402
        })
        assertTrue(platform.installed("com.example.settings"))
        assertFalse(platform.installed("com.example.missing"))
        assertEquals("14.2" to 1402L, platform.packageVersion("com.example.settings")!!.let { it.versionName to it.versionCode })
        assertNull(platform.packageVersion("com.example.missing"))
    }

    @Test
    fun launchStartsTheLaunchIntentAsANewTask() {
        val launch = Intent(Intent.ACTION_MAIN).addCategory(Intent.CATEGORY_LAUNCHER).setPackage("com.example.settings")
        shadowOf(context.packageManager).addResolveInfoForIntent(launch, android.content.pm.ResolveInfo().apply {
            activityInfo = android.content.pm.ActivityInfo().apply { packageName = "com.example.settings"; name = "com.example.settings.Main" }
        })
        assertTrue(platform.launch("com.example.settings"))
        val started = shadowOf(service).nextStartedActivity
        assertEquals("com.example.settings", started.component?.packageName ?: started.`package`)
        assertTrue(started.flags and Intent.FLAG_ACTIVITY_NEW_TASK != 0)
        assertFalse(platform.launch("com.example.missing"))
    }

    @Test
    fun openUriStartsAViewIntent() {
        assertTrue(platform.openUri("https://example.com/a?b=c"))
        val started = shadowOf(service).nextStartedActivity
        assertEquals(Intent.ACTION_VIEW to Uri.parse("https://example.com/a?b=c"), started.action to started.data)
    }

    @Test
    fun theDisplayIsTheDefaultDisplaysRealMetrics() {
        val d = platform.display()
        val metrics = context.resources.displayMetrics
        assertEquals(listOf(metrics.widthPixels, metrics.heightPixels, 0, metrics.densityDpi), listOf(d.width, d.height, d.rotation, d.densityDpi))
    }

    @Test
    fun recordingFilesLandInTheAppsExternalFilesDirectory() {
        platform.writeFile("/sdcard/Android/data/${context.packageName}/files/recordings/r1.ndjson", "{}\n")
        val file = java.io.File(context.getExternalFilesDir(null), "recordings/r1.ndjson")
        assertEquals("{}\n", file.readText())
    }

    @Test
    fun languageNamesComeFromTheLocale() {
        assertEquals("German", platform.languageName("en-US", "de"))
        assertEquals("Deutsch", platform.languageName("de-DE", "de"))
    }
}
