package app.androperator.operator.app

import android.app.Activity
import android.view.View
import android.widget.Button
import android.widget.CheckBox
import android.widget.EditText
import app.androperator.operator.core.Capture
import app.androperator.operator.core.Conformance
import app.androperator.operator.core.HierarchyXml
import app.androperator.operator.core.HierarchyXmlParser
import app.androperator.operator.core.NodeAction
import app.androperator.operator.core.MatcherInput
import app.androperator.operator.core.UiHierarchy
import app.androperator.operator.core.obj
import app.androperator.operator.core.Selector
import app.androperator.operator.core.UiNode
import app.androperator.operator.core.Visibility
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import java.io.File

/**
 * Node capture on real View trees: the accessibility service's active window
 * is a real View hierarchy, read through AccessibilityNodeInfo exactly as on a
 * device, converted by [NodeCapture] and written as hierarchy XML.
 */
@RunWith(RobolectricTestRunner::class)
class NodeCaptureTest {
    private lateinit var activity: Activity

    @After
    fun tearDown() = RoboSupport.tearDown()

    private fun capture(screen: String): List<UiNode> {
        activity = RoboSupport.show(Screens.all.getValue(screen))
        RoboSupport.connectService(RoboSupport.contentRoot(activity))
        val capture = RoboSupport.onWorker { AndroidPlatform(activity.applicationContext).capture() }!!
        return capture.hierarchy.roots
    }

    private fun xmlOf(screen: String): String {
        activity = RoboSupport.show(Screens.all.getValue(screen))
        RoboSupport.connectService(RoboSupport.contentRoot(activity))
        return RoboSupport.onWorker { HierarchyXml.write(AndroidPlatform(activity.applicationContext).capture()!!.hierarchy) }
    }

    private fun all(roots: List<UiNode>): List<UiNode> = roots.flatMap { listOf(it) + all(it.children) }
    private fun byText(roots: List<UiNode>, text: String) = all(roots).single { it.text == text }

    @Test
    fun capturedScreensMatchTheCommittedFixtures() {
        val dir = File(Conformance.root, "captured-screens")
        for (name in Screens.all.keys) {
            val xml = xmlOf(name)
            val fixture = File(dir, "$name.xml")
            // Regenerate with -Ddroidproof.writeCapturedScreens=true after an intended change.
            if (System.getProperty("droidproof.writeCapturedScreens") == "true") fixture.writeText(xml + "\n")
            assertEquals("conformance/captured-screens/$name.xml", fixture.readText().trimEnd('\n'), xml)
            RoboSupport.tearDown()
        }
    }

    @Test
    fun textViewsKeepTheirTextAndClass() {
        val title = byText(capture("settings"), "Settings")
        assertEquals("android.widget.TextView", title.className)
        assertEquals(activity.packageName, title.packageName)
        assertFalse(title.clickable!!)
    }

    @Test
    fun buttonsAreClickableAndFocusable() {
        val save = all(capture("settings")).single { it.contentDesc == "Save settings" }
        assertEquals("android.widget.Button", save.className)
        assertTrue(save.clickable!!)
        assertTrue(save.focusable!!)
        assertTrue(save.enabled!!)
    }

    @Test
    fun switchesAndCheckBoxesReportCheckableAndChecked() {
        val roots = capture("settings")
        val wifi = byText(roots, "Wi-Fi")
        val bluetooth = byText(roots, "Bluetooth")
        assertEquals("android.widget.Switch", wifi.className)
        assertEquals(true to true, wifi.checkable to wifi.checked)
        assertEquals(true to false, bluetooth.checkable to bluetooth.checked)
    }

    @Test
    fun aCheckedChangeShowsInTheNextCapture() {
        capture("settings")
        activity.findViewById<CheckBox>(android.R.id.checkbox).isChecked = true
        RoboSupport.idleMain()
        val again = RoboSupport.onWorker { AndroidPlatform(activity.applicationContext).capture() }!!.hierarchy.roots
        assertEquals(true, byText(again, "Bluetooth").checked)
    }

    @Test
    fun editTextsAreEditableAndPasswordsAreMarked() {
        val nodes = all(capture("settings"))
        val name = nodes.single { it.text == "Pixel" }
        assertEquals("android.widget.EditText", name.className)
        assertEquals(true, name.editable)
        assertEquals(false, name.password)
        assertEquals(true, nodes.single { it.className == "android.widget.EditText" && it.text != "Pixel" }.password)
    }

    @Test
    fun goneAndInvisibleViewsAreNotCaptured() {
        val texts = all(capture("settings")).map { it.text }
        assertFalse(texts.contains("Hidden banner"))
        assertFalse(texts.contains("Invisible hint"))
    }

    @Test
    fun contentDescriptionsAreCaptured() {
        val up = all(capture("settings")).single { it.contentDesc == "Navigate up" }
        assertEquals("android.widget.ImageButton", up.className)
        assertEquals("", up.text)
    }

    @Test
    fun frameworkResourceIdsAreReported() {
        val roots = capture("settings")
        assertEquals("android:id/title", byText(roots, "Settings").resourceId)
        assertEquals("android:id/button1", all(roots).single { it.contentDesc == "Save settings" }.resourceId)
    }

    @Test
    fun scrollViewsAreScrollableAndRowsBelowTheScreenAreNotVisible() {
        val roots = capture("long-list")
        val list = all(roots).single { it.className == "android.widget.ScrollView" }
        assertTrue(list.scrollable!!)
        assertEquals(true, byText(roots, "Item 1").visibleToUser)
        assertEquals(false, byText(roots, "Item 30").visibleToUser)
        assertTrue(byText(roots, "Item 1").bounds!!.bottom <= list.bounds!!.bottom)
    }

    @Test
    fun nestedChildrenLieInsideTheirParentsWithTheirIndex() {
        val roots = capture("nested")
        fun check(node: UiNode) {
            node.children.forEachIndexed { i, child ->
                assertEquals(i, child.index)
                val p = node.bounds!!
                val c = child.bounds!!
                assertTrue("$c inside $p", c.left >= p.left && c.top >= p.top && c.right <= p.right && c.bottom <= p.bottom)
                check(child)
            }
        }
        roots.forEach(::check)
        assertEquals(2, all(roots).count { it.text.equals("Edit", ignoreCase = true) })
    }

    @Test
    fun capturedXmlParsesBackToTheSameAttributes() {
        val xml = xmlOf("settings")
        val parsed = HierarchyXmlParser.parse(xml)
        assertEquals(xml, HierarchyXml.write(parsed))
    }

    @Test
    fun theCoreSelectorResolvesOnACapturedTree() {
        val roots = capture("nested")
        val matcher = MatcherInput.validate(obj("resourceId" to "android:id/button2"))
        val result = Selector.select(Capture(UiHierarchy(roots)), matcher, Visibility.ON_SCREEN, true, null, false)
        // Not-important LinearLayouts are folded away by the framework: the rows' views are the frame's children.
        val target = result.matches.single()
        assertEquals("android.widget.Button", target.node.className)
        assertEquals("0.3", target.path)
    }

    @Test
    fun clickOnACapturedNodeRunsTheViewsClickListener() {
        val roots = capture("settings")
        var clicks = 0
        activity.findViewById<Button>(android.R.id.button1).setOnClickListener { clicks++ }
        val save = all(roots).single { it.contentDesc == "Save settings" }
        val platform = AndroidPlatform(activity.applicationContext)
        assertTrue(RoboSupport.onWorker { platform.performAction(save, NodeAction.Click) })
        assertEquals(1, clicks)
    }

    @Test
    fun longClickOnACapturedNodeRunsTheLongClickListener() {
        val roots = capture("settings")
        var longClicks = 0
        activity.findViewById<Button>(android.R.id.button1).setOnLongClickListener { longClicks++; true }
        val save = all(roots).single { it.contentDesc == "Save settings" }
        assertTrue(RoboSupport.onWorker { AndroidPlatform(activity.applicationContext).performAction(save, NodeAction.LongClick) })
        assertEquals(1, longClicks)
    }

    @Test
    fun setTextReplacesTheEditTextContent() {
        val roots = capture("settings")
        val name = all(roots).single { it.text == "Pixel" }
        assertTrue(RoboSupport.onWorker { AndroidPlatform(activity.applicationContext).performAction(name, NodeAction.SetText("Pixel 9 Pro")) })
        assertEquals("Pixel 9 Pro", activity.findViewById<EditText>(android.R.id.edit).text.toString())
    }

    @Test
    fun setTextOnANonEditableNodeIsRefused() {
        val roots = capture("settings")
        val title = byText(roots, "Settings")
        assertFalse(RoboSupport.onWorker { AndroidPlatform(activity.applicationContext).performAction(title, NodeAction.SetText("x")) })
        assertEquals("Settings", activity.findViewById<android.widget.TextView>(android.R.id.title).text.toString())
    }

    @Test
    fun focusMovesInputFocusToTheEditor() {
        val roots = capture("settings")
        val name = all(roots).single { it.text == "Pixel" }
        assertTrue(RoboSupport.onWorker { AndroidPlatform(activity.applicationContext).performAction(name, NodeAction.Focus) })
        assertTrue(activity.findViewById<EditText>(android.R.id.edit).isFocused)
    }

    @Test
    fun withoutAnActiveWindowThereIsNoCapture() {
        activity = RoboSupport.show(Screens.all.getValue("settings"))
        RoboSupport.connectService(null)
        assertNull(RoboSupport.onWorker { AndroidPlatform(activity.applicationContext).capture() })
    }

    @Test
    fun theForegroundPackageIsTheActiveWindowsPackage() {
        capture("settings")
        assertEquals(activity.packageName, AndroidPlatform(activity.applicationContext).foregroundPackage())
    }

    @Test
    fun aNodeNoLongerOnScreenCannotBeClicked() {
        val roots = capture("settings")
        val save = all(roots).single { it.contentDesc == "Save settings" }
        activity.findViewById<View>(android.R.id.button1).visibility = View.GONE
        RoboSupport.idleMain()
        var clicks = 0
        activity.findViewById<Button>(android.R.id.button1).setOnClickListener { clicks++ }
        RoboSupport.onWorker { AndroidPlatform(activity.applicationContext).performAction(save, NodeAction.Click) }
        assertEquals(0, clicks)
    }
}
