package app.androperator.operator.core

/**
 * How Android dispatches a click on a resolved node (seed 003:1738-1760): the
 * node itself when clickable, else its nearest clickable ancestor
 * (`matched_target` keeps the selected node), else a coordinate tap at the
 * node's centre. Mirrors src/virtual-device/operator/click-dispatch.ts.
 */
object ClickDispatch {
    val CLICK_TYPES = listOf("default", "long_click", "focus")
    const val LONG_PRESS_MS = 600L
    const val TAP_MS = 50L

    class Outcome(val accepted: Boolean, val code: String?, val data: LinkedHashMap<String, String>)

    private fun centre(node: UiNode): Point? {
        val b = node.bounds ?: return null
        return Point(Math.floorDiv(b.left + b.right, 2), Math.floorDiv(b.top + b.bottom, 2))
    }

    private fun nearestWith(pn: PathNode, flag: (UiNode) -> Boolean): PathNode? =
        generateSequence(pn) { it.parent }.firstOrNull { flag(it.node) }

    /** A coordinate tap (or long press); true when the gesture completed. */
    fun tapAt(ctx: ActionContext, point: Point, long: Boolean): Boolean {
        val outcome = ctx.platform.gesture(Gesture(point, point, if (long) LONG_PRESS_MS else 0, TAP_MS))
        Receipts.noteDispatch(ctx, "coordinate_gesture", outcome != GestureOutcome.REJECTED)
        return outcome == GestureOutcome.COMPLETED
    }

    fun dispatch(ctx: ActionContext, o: Observation, pn: PathNode, clickType: String): Outcome {
        val node = pn.node
        val matched = Observe.summaryOf(o, pn)
        if (node.enabled == false) {
            return Outcome(false, ErrorCodes.NODE_NOT_CLICKABLE, data("target" to matched).apply { putAll(Receipts.receipt(ctx)) })
        }
        val action = when (clickType) {
            "long_click" -> NodeAction.LongClick
            "focus" -> NodeAction.Focus
            else -> NodeAction.Click
        }
        val dispatchNode = when (clickType) {
            "focus" -> pn
            "long_click" -> nearestWith(pn) { it.longClickable == true }
            else -> nearestWith(pn) { it.clickable == true }
        }
        if (dispatchNode != null) {
            val accepted = ctx.platform.performAction(dispatchNode.node, action)
            Receipts.noteDispatch(ctx, "accessibility_action", accepted)
            if (accepted && clickType != "focus") Recording.click(ctx, o, dispatchNode.node)
            val d = data("target" to Observe.summaryOf(o, dispatchNode), "matched_target" to if (dispatchNode === pn) null else matched)
            d.putAll(Receipts.receipt(ctx))
            return Outcome(accepted, if (accepted) null else ErrorCodes.NODE_NOT_CLICKABLE, d)
        }
        val point = centre(node)
            ?: return Outcome(false, ErrorCodes.NODE_NOT_CLICKABLE, data("matched_target" to matched).apply { putAll(Receipts.receipt(ctx)) })
        val completed = tapAt(ctx, point, clickType == "long_click")
        if (completed) Recording.click(ctx, o, node)
        val d = data("matched_target" to matched).apply { putAll(Receipts.receipt(ctx)) }
        return Outcome(completed, if (completed) null else ErrorCodes.GESTURE_FAILED, d)
    }
}
