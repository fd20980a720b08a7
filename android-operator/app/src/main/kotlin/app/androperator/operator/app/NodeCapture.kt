package app.androperator.operator.app

import android.accessibilityservice.AccessibilityService
import android.graphics.Rect
import android.os.Build
import android.view.accessibility.AccessibilityNodeInfo
import android.view.accessibility.AccessibilityWindowInfo
import app.androperator.operator.core.Bounds
import app.androperator.operator.core.UiCapture
import app.androperator.operator.core.UiHierarchy
import app.androperator.operator.core.UiNode

/**
 * Converts AccessibilityNodeInfo trees into core [UiNode]s. Every node keeps its
 * AccessibilityNodeInfo as `handle`, so actions dispatch on exactly the node
 * the selector resolved in that capture.
 */
object NodeCapture {
    /** Same nesting bound as the host's XML parser. */
    private const val MAX_DEPTH = 256
    private const val MAX_NODES = 20000

    fun capture(service: AccessibilityService, rotation: Int): UiCapture? {
        val active = service.rootInActiveWindow ?: return null
        val windows = try { service.windows } catch (e: RuntimeException) { emptyList<AccessibilityWindowInfo>() }
        val counter = IntArray(1)
        val hierarchy = UiHierarchy(listOf(convert(active, 0, 0, counter)), rotation)
        val overlay = windows
            .filter { it.type == AccessibilityWindowInfo.TYPE_SYSTEM && it.isFocused }
            .mapNotNull { it.root?.packageName?.toString() }
            .firstOrNull()
        return UiCapture(hierarchy, active.packageName?.toString(), maxOf(1, windows.size), overlay)
    }

    private fun convert(info: AccessibilityNodeInfo, index: Int, depth: Int, counter: IntArray): UiNode {
        counter[0]++
        val rect = Rect()
        info.getBoundsInScreen(rect)
        val children = ArrayList<UiNode>()
        if (depth < MAX_DEPTH) {
            for (i in 0 until info.childCount) {
                if (counter[0] >= MAX_NODES) break
                val child = info.getChild(i) ?: continue
                children.add(convert(child, i, depth + 1, counter))
            }
        }
        return UiNode(
            index = index,
            text = info.text?.toString() ?: "",
            resourceId = info.viewIdResourceName ?: "",
            className = info.className?.toString() ?: "",
            packageName = info.packageName?.toString() ?: "",
            contentDesc = info.contentDescription?.toString() ?: "",
            checkable = info.isCheckable,
            checked = info.isChecked,
            clickable = info.isClickable,
            enabled = info.isEnabled,
            focusable = info.isFocusable,
            focused = info.isFocused,
            scrollable = info.isScrollable,
            longClickable = info.isLongClickable,
            password = info.isPassword,
            selected = info.isSelected,
            visibleToUser = info.isVisibleToUser,
            accessibilityDataSensitive = if (Build.VERSION.SDK_INT >= 34) info.isAccessibilityDataSensitive else null,
            editable = info.isEditable,
            bounds = Bounds(rect.left, rect.top, rect.right, rect.bottom),
            children = children,
            handle = info
        )
    }
}
