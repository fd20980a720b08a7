package app.androperator.operator.core

/** Shared params of node-targeted actions. */
open class TargetParams(val matcher: NodeMatcher, val strict: Boolean, val container: NodeMatcher?, val retry: RetryPolicy)

/**
 * `click` and `enter_text` (seed 003:2104-2142, 2528-2622): resolve with
 * retries, dispatch once, report the receipt. Absence after the retries is
 * returned in first-match mode and thrown in strict mode; ambiguity is thrown.
 * Mirrors src/virtual-device/operator/actions/node-targeted.ts.
 */
object NodeTargeted {
    fun readTarget(p: ParamReader, matcherKey: String = "matcher") = TargetParams(
        p.requiredMatcher(matcherKey), p.boolean("strict", false), p.optionalMatcher("container"),
        RetryPolicy.read(p, "retry", "UiReadiness")
    )

    fun readClickType(p: ParamReader): String {
        val clickType = p.optionalString("clickType") ?: "default"
        if (clickType !in ClickDispatch.CLICK_TYPES) p.fail("clickType", "params.clickType must be one of ${ClickDispatch.CLICK_TYPES.joinToString(", ")}")
        return clickType
    }

    /** The selection, or the failed step to return (first-match absence); throws for strict/ambiguity. */
    fun selectTarget(ctx: ActionContext, step: StepIdentity, t: TargetParams, allTargets: Boolean = false): Any {
        val selected = Observe.selectWithRetry(ctx, t.matcher, t.strict, t.container, t.retry, allTargets)
        if (selected is Observe.Selected) return selected
        selected as Observe.NotSelected
        val e = selected.error
        val ambiguous = e.code == ErrorCodes.NODE_AMBIGUOUS || e.code == ErrorCodes.CONTAINER_AMBIGUOUS
        if (t.strict || ambiguous) throw Observe.selectionFailure(ctx, selected.observation, e)
        val d = Receipts.receipt(ctx).apply { put("candidate_count", e.candidateCount.toString()) }
        return step.returnedFailure(e.code, e.message ?: e.code, Observe.withWarning(d, selected.counts, false))
    }

    class ClickParams(val coordinate: Point?, val clickType: String, val target: TargetParams?)

    val click = object : ActionSpec<ClickParams>("click", ActionGates.UI) {
        override fun parse(params: ParamReader): ClickParams {
            val clickType = readClickType(params)
            if (params.has("matcher") == params.has("coordinate")) params.fail("matcher", "requires exactly one of params.matcher or params.coordinate")
            if (params.has("coordinate")) {
                if (clickType == "focus") params.fail("clickType", "clickType focus is invalid with params.coordinate")
                RetryPolicy.read(params, "retry", "UiReadiness")
                return ClickParams(params.point("coordinate"), clickType, null)
            }
            return ClickParams(null, clickType, readTarget(params))
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: ClickParams): StepResult {
            val point = params.coordinate
            if (point != null) {
                val display = ctx.platform.display()
                val coordinate = Receipts.pointJson(point)
                if (point.x >= display.width || point.y >= display.height) {
                    return step.returnedFailure(ErrorCodes.GESTURE_FAILED, "Coordinate is outside the display",
                        data("coordinate" to coordinate).apply { putAll(Receipts.receipt(ctx)) })
                }
                val completed = ClickDispatch.tapAt(ctx, point, params.clickType == "long_click")
                val d = data("coordinate" to coordinate).apply { putAll(Receipts.receipt(ctx)) }
                return if (completed) step.succeeded(d) else step.returnedFailure(ErrorCodes.GESTURE_FAILED, "Tap gesture failed", d)
            }
            val t = params.target!!
            val selected = selectTarget(ctx, step, t)
            if (selected !is Observe.Selected) return selected as StepResult
            val outcome = ClickDispatch.dispatch(ctx, selected.observation, selected.result.target, params.clickType)
            val d = LinkedHashMap(outcome.data).apply { put("candidate_count", selected.result.candidateCount.toString()) }
            Observe.withWarning(d, selected.counts, t.strict)
            if (!outcome.accepted) return step.returnedFailure(outcome.code ?: ErrorCodes.NODE_NOT_CLICKABLE, "Click was not accepted", d)
            return step.succeeded(d)
        }
    }

    class EnterParams(t: TargetParams, val text: String, val clear: Boolean, val submit: Boolean) : TargetParams(t.matcher, t.strict, t.container, t.retry)

    val enterText = object : ActionSpec<EnterParams>("enter_text", ActionGates.UI) {
        override fun parse(params: ParamReader): EnterParams {
            val t = readTarget(params)
            val text = params.optionalString("text") ?: ""
            if (text.isEmpty()) params.fail("text", "requires a non-empty params.text")
            return EnterParams(t, text, params.boolean("clear", false), params.boolean("submit", false))
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: EnterParams): StepResult {
            val sel = selectTarget(ctx, step, params)
            if (sel !is Observe.Selected) return sel as StepResult
            val pn = sel.result.target
            val node = pn.node
            val base = data(
                "text" to params.text, "clear" to params.clear.toString(), "submit" to params.submit.toString(),
                "target" to Observe.summaryOf(sel.observation, pn), "candidate_count" to sel.result.candidateCount.toString()
            )
            // ACTION_SET_TEXT route: an optional clear, then the replacement text (003:2560-2566);
            // on API 33+ the accessibility input connection is the fallback for custom editors.
            val cleared = !params.clear || ctx.platform.performAction(node, NodeAction.SetText(""))
            var accepted = cleared && ctx.platform.performAction(node, NodeAction.SetText(params.text))
            var inputConnection = false
            if (!accepted && ctx.platform.inputConnectionReplaceText(node, params.text) == true) {
                accepted = true
                inputConnection = true
            }
            Receipts.noteDispatch(ctx, "accessibility_action", accepted)
            if (!accepted) {
                val d = LinkedHashMap(base).apply { put("failure_point", "set_text_failed"); putAll(Observe.withWarning(Receipts.receipt(ctx), sel.counts, params.strict)) }
                return step.returnedFailure(ErrorCodes.ACTION_FAILED, "Text could not be set on the target node", d)
            }
            var submitMethod = "not_requested"
            if (params.submit) {
                submitMethod = if (inputConnection) {
                    if (ctx.platform.inputConnectionEditorAction() == true) "ime_action" else "submit_unavailable"
                } else when {
                    ctx.platform.performAction(node, NodeAction.ImeEnter) -> "ime_action"
                    ctx.platform.performAction(node, NodeAction.Click) -> "click_fallback"
                    else -> "submit_unavailable"
                }
            }
            val submission = when (submitMethod) {
                "not_requested" -> "not_requested"
                "submit_unavailable" -> "unavailable"
                else -> "accepted"
            }
            val d = LinkedHashMap(base).apply {
                put("text_entry", "accepted"); put("submission", submission); put("submit_method", submitMethod)
                putAll(Receipts.receipt(ctx))
            }
            return step.succeeded(Observe.withWarning(d, sel.counts, params.strict))
        }
    }
}
