package app.androperator.operator.core

import java.security.MessageDigest

/**
 * Scroll container choice, one scroll gesture and its progress evidence
 * (seed 003:2273-2340, 3871-3878); mirrors src/virtual-device/operator/scroll-engine.ts.
 * Container identity is `path|class|resource-id`; the signature is the SHA-256
 * of its on-screen descendants (relative path, class, resource-id, label,
 * bounds; at most 500 nodes), hex.
 */
object ScrollEngine {
    val DIRECTIONS = listOf("down", "up", "left", "right")
    const val SCROLL_GESTURE_MS = 300L
    const val SIGNATURE_NODE_LIMIT = 500

    class Tuning(
        val direction: String, val distanceRatio: Double, val settleDelayMs: Double,
        val findFirstScrollableChild: Boolean, val strict: Boolean, val container: NodeMatcher?
    )

    class Choice(val node: PathNode, val candidateCount: Int, val identity: String)

    class Step(val outcome: String, val progress: String, val after: Observation?, val afterChoice: Choice?)

    class ContainerFailure(code: String, message: String, data: Map<String, String>) : StepFailure(code, message, data)

    fun readTuning(params: ParamReader): Tuning {
        val direction = params.optionalString("direction") ?: "down"
        if (direction !in DIRECTIONS) params.fail("direction", "params.direction must be one of ${DIRECTIONS.joinToString(", ")}")
        return Tuning(direction, params.number("distanceRatio", 0.7, 0.0, 1.0), params.number("settleDelayMs", 250.0, 0.0, 10000.0),
            params.boolean("findFirstScrollableChild", true), params.boolean("strict", false), params.optionalMatcher("container"))
    }

    private fun failure(ctx: ActionContext, o: Observation, code: String, message: String, found: List<PathNode>): ContainerFailure {
        val d = Receipts.receipt(ctx).apply { put("candidate_count", found.size.toString()) }
        if (code == ErrorCodes.CONTAINER_AMBIGUOUS) d["candidates"] = Observe.candidatesOf(o, found)
        return ContainerFailure(code, message, d)
    }

    private fun identityOf(pn: PathNode) = "${pn.path}|${pn.node.className ?: ""}|${pn.node.resourceId ?: ""}"

    private fun scrollableWithin(o: Observation, within: PathNode?): List<PathNode> =
        o.index.nodes.filter { (within == null || it.isStrictDescendantOf(within)) && o.index.isOnScreen(it) && it.node.scrollable == true }

    /** Chooses the container; throws [ContainerFailure] (CONTAINER_NOT_FOUND / _AMBIGUOUS / _NOT_SCROLLABLE). */
    fun chooseContainer(ctx: ActionContext, o: Observation, t: Tuning): Choice {
        val found = if (t.container == null) scrollableWithin(o, null) else Selector.matchAll(o.index, t.container, Visibility.ON_SCREEN)
        if (found.isEmpty()) throw failure(ctx, o, ErrorCodes.CONTAINER_NOT_FOUND, "No scroll container matched", found)
        if (t.strict && found.size > 1) throw failure(ctx, o, ErrorCodes.CONTAINER_AMBIGUOUS, "${found.size} containers matched", found)
        var entry = found[0]
        var count = found.size
        if (entry.node.scrollable != true) {
            val inner = if (t.findFirstScrollableChild) scrollableWithin(o, entry) else emptyList()
            if (inner.isEmpty()) throw failure(ctx, o, ErrorCodes.CONTAINER_NOT_SCROLLABLE, "The container is not scrollable", found)
            if (t.strict && inner.size > 1) throw failure(ctx, o, ErrorCodes.CONTAINER_AMBIGUOUS, "${inner.size} scrollable descendants", inner)
            entry = inner[0]
            count = inner.size
        }
        return Choice(entry, count, identityOf(entry))
    }

    /** SHA-256 (hex) of the container's on-screen content; raw text never leaves the hash. */
    fun signature(o: Observation, root: PathNode): String {
        val digest = MessageDigest.getInstance("SHA-256")
        var count = 0
        for (pn in o.index.nodes) {
            if (count >= SIGNATURE_NODE_LIMIT) break
            if (!pn.isStrictDescendantOf(root) || !o.index.isOnScreen(pn)) continue
            count++
            val n = pn.node
            val b = n.bounds?.let { "[${it.left},${it.top}][${it.right},${it.bottom}]" } ?: ""
            digest.update("${pn.path.substring(root.path.length)}\u0001${n.className ?: ""}\u0001${n.resourceId ?: ""}".toByteArray(Charsets.UTF_8))
            digest.update("\u0001${n.label}\u0001$b\u0002".toByteArray(Charsets.UTF_8))
        }
        return digest.digest().joinToString("") { String.format("%02x", it) }
    }

    /** A straight swipe through the container's centre over distanceRatio of its extent, against the direction. */
    fun gesture(node: UiNode, t: Tuning): Gesture? {
        val b = node.bounds ?: return null
        val cx = Math.floorDiv(b.left + b.right, 2)
        val cy = Math.floorDiv(b.top + b.bottom, 2)
        val vertical = t.direction == "down" || t.direction == "up"
        val extent = if (vertical) b.bottom - b.top else b.right - b.left
        val half = maxOf(1, Math.floor(t.distanceRatio * (extent - 2) / 2).toInt())
        // Content moves with the finger: to reveal what is below, the finger moves up.
        val sign = if (t.direction == "down" || t.direction == "right") 1 else -1
        val start = if (vertical) Point(cx, cy + sign * half) else Point(cx + sign * half, cy)
        val end = if (vertical) Point(cx, cy - sign * half) else Point(cx - sign * half, cy)
        return Gesture(start, end, 0, SCROLL_GESTURE_MS)
    }

    private fun progress(before: String?, after: String?, comparable: Boolean, reason: String) =
        Json.stringify(obj("beforeSignature" to before, "afterSignature" to after, "comparable" to comparable, "reason" to reason))

    /** Dispatches one scroll gesture, settles, re-resolves the container and compares. */
    fun scrollOnce(ctx: ActionContext, o: Observation, choice: Choice, t: Tuning): Step {
        val before = signature(o, choice.node)
        val g = gesture(choice.node.node, t)
        val outcome = if (g != null) ctx.platform.gesture(g) else GestureOutcome.REJECTED
        Receipts.noteDispatch(ctx, if (g != null) "coordinate_gesture" else "none", outcome != GestureOutcome.REJECTED)
        if (outcome != GestureOutcome.COMPLETED) {
            return Step("gesture_failed", progress(before, null, false, "gesture_${outcome.name.lowercase()}"), o, choice)
        }
        ctx.sleep(Math.round(t.settleDelayMs))
        val after = Observe.observe(ctx) ?: return Step("container_lost", progress(before, null, false, "hierarchy_lost"), null, null)
        val again = try {
            chooseContainer(ctx, after, t)
        } catch (e: ContainerFailure) {
            val lost = e.code != ErrorCodes.CONTAINER_AMBIGUOUS
            return Step(if (lost) "container_lost" else "unknown", progress(before, null, false, if (lost) "container_lost" else "container_ambiguous"), after, null)
        }
        if (again.identity != choice.identity) return Step("unknown", progress(before, null, false, "container_identity_changed"), after, null)
        val sig = signature(after, again.node)
        val moved = sig != before
        return Step(if (moved) "moved" else "no_movement", progress(before, sig, true, if (moved) "signature_changed" else "signature_unchanged"), after, again)
    }

    /** Step data describing a scroll (runtime names, 003:2315-2321). */
    fun scrollData(o: Observation, choice: Choice, t: Tuning, step: Step?): LinkedHashMap<String, String> = data(
        "direction" to t.direction,
        "distance_ratio" to Json.formatNumber(t.distanceRatio),
        "settle_delay_ms" to Json.formatNumber(t.settleDelayMs),
        "resolved_container" to Observe.summaryOf(o, choice.node),
        "scroll_outcome" to step?.outcome,
        "progress" to step?.progress
    )
}

/**
 * `scroll`, `scroll_until` and `scroll_and_click` (seed 003:2273-2446): container
 * failures and absent targets are returned in first-match mode and thrown in
 * strict mode; ambiguity and a lost container during a search are thrown.
 * Mirrors src/virtual-device/operator/actions/scroll.ts.
 */
object ScrollActions {
    private fun containerWithRetry(ctx: ActionContext, step: StepIdentity, t: ScrollEngine.Tuning, retry: RetryPolicy): Any {
        var attempt = 1
        while (true) {
            val o = Observe.observeOrFail(ctx)
            try {
                return o to ScrollEngine.chooseContainer(ctx, o, t)
            } catch (e: ScrollEngine.ContainerFailure) {
                val last = attempt >= retry.attempts || e.code == ErrorCodes.CONTAINER_AMBIGUOUS
                if (!last) {
                    ctx.sleep(retry.delayMs(attempt))
                    attempt++
                    continue
                }
                if (t.strict || e.code == ErrorCodes.CONTAINER_AMBIGUOUS) throw e
                return step.returnedFailure(e.code, e.message ?: e.code, e.data)
            }
        }
    }

    class ScrollParams(val tuning: ScrollEngine.Tuning, val retry: RetryPolicy)

    val scroll = object : ActionSpec<ScrollParams>("scroll", ActionGates.UI) {
        override fun parse(params: ParamReader) = ScrollParams(ScrollEngine.readTuning(params), RetryPolicy.read(params, "retry", "None"))

        @Suppress("UNCHECKED_CAST")
        override fun run(ctx: ActionContext, step: StepIdentity, params: ScrollParams): StepResult {
            val chosen = containerWithRetry(ctx, step, params.tuning, params.retry)
            if (chosen is StepResult) return chosen
            val (o, choice) = chosen as Pair<Observation, ScrollEngine.Choice>
            val result = ScrollEngine.scrollOnce(ctx, o, choice, params.tuning)
            val d = ScrollEngine.scrollData(o, choice, params.tuning, result)
            d["target"] = Observe.summaryOf(o, choice.node)
            d["candidate_count"] = choice.candidateCount.toString()
            d.putAll(Receipts.receipt(ctx))
            Observe.withWarning(d, SelectionCounts(0, choice.candidateCount), params.tuning.strict)
            if (result.outcome == "gesture_failed") return step.returnedFailure(ErrorCodes.GESTURE_FAILED, "Scroll gesture failed", d)
            if (result.outcome == "container_lost") return step.returnedFailure(ErrorCodes.CONTAINER_LOST, "The scroll container disappeared after the gesture", d)
            return step.succeeded(d)
        }
    }

    class SearchParams(
        val tuning: ScrollEngine.Tuning, val matcher: NodeMatcher?, val clickAfter: Boolean, val clickType: String,
        val maxScrolls: Long, val maxDurationMs: Double, val noPositionChangeThreshold: Long, val retry: RetryPolicy
    )

    /** The bounded scroll search shared by `scroll_until` and `scroll_and_click`. */
    @Suppress("UNCHECKED_CAST")
    private fun search(ctx: ActionContext, step: StepIdentity, p: SearchParams): StepResult {
        val t = p.tuning
        val matcher = p.matcher
        val first = Observe.observeOrFail(ctx)
        // Initially visible targets keep legacy unscoped matching without strict or container (003:2370).
        if (matcher != null && !t.strict && t.container == null) {
            val visible = try { Selector.select(first.index, matcher) } catch (e: SelectionFailure) { null }
            if (visible != null) return finish(ctx, step, p, first, null, visible.target, visible.candidateCount, 0, null)
        }
        val chosen = containerWithRetry(ctx, step, t, p.retry)
        if (chosen is StepResult) return chosen
        var (o, choice) = chosen as Pair<Observation, ScrollEngine.Choice>
        var maxTargets = 0
        var scrolls = 0
        var stalled = 0
        var last: ScrollEngine.Step? = null
        var termination = "max_scrolls"
        while (true) {
            if (matcher != null) {
                val found = Selector.matchAll(o.index, matcher, Visibility.ON_SCREEN, choice.node)
                maxTargets = maxOf(maxTargets, found.size)
                if (t.strict && found.size > 1) {
                    throw StepFailure(ErrorCodes.NODE_AMBIGUOUS, "${found.size} nodes matched in strict mode", Receipts.receipt(ctx).apply {
                        put("candidate_count", found.size.toString())
                        put("candidates", Observe.candidatesOf(o, found))
                        put("scrolls_executed", scrolls.toString())
                    })
                }
                if (found.isNotEmpty()) return finish(ctx, step, p, o, choice, found[0], maxTargets, scrolls, last)
            }
            if (scrolls >= p.maxScrolls) break
            if (ctx.platform.now() - ctx.startedAt >= p.maxDurationMs) { termination = "max_duration"; break }
            if (stalled >= p.noPositionChangeThreshold) { termination = "no_position_change"; break }
            if (choice.node.node.scrollable != true) { termination = "not_scrollable"; break }
            val s = ScrollEngine.scrollOnce(ctx, o, choice, t)
            last = s
            scrolls++
            if (s.outcome == "container_lost" || (s.outcome == "unknown" && s.afterChoice == null)) {
                throw StepFailure(ErrorCodes.CONTAINER_LOST, "The original scroll container could no longer be identified",
                    ScrollEngine.scrollData(o, choice, t, s).apply { put("scrolls_executed", scrolls.toString()); putAll(Receipts.receipt(ctx)) })
            }
            stalled = if (s.outcome == "moved") 0 else stalled + 1
            o = s.after ?: o
            choice = s.afterChoice ?: choice
        }
        val d = ScrollEngine.scrollData(o, choice, t, last)
        d["scrolls_executed"] = scrolls.toString()
        d["termination_reason"] = termination
        d.putAll(Receipts.receipt(ctx))
        Observe.withWarning(d, SelectionCounts(maxTargets, choice.candidateCount), t.strict)
        if (matcher == null) return step.succeeded(d)
        val code = if (termination == "not_scrollable") ErrorCodes.CONTAINER_NOT_SCROLLABLE else ErrorCodes.NODE_NOT_FOUND
        val message = if (code == ErrorCodes.NODE_NOT_FOUND) "Target not found within the scroll bounds" else "Container stopped scrolling"
        d["candidate_count"] = "0"
        if (t.strict) throw StepFailure(code, message, d)
        return step.returnedFailure(code, message, d)
    }

    /** The target is visible: report it, and click it when asked. */
    private fun finish(
        ctx: ActionContext, step: StepIdentity, p: SearchParams, o: Observation, choice: ScrollEngine.Choice?,
        target: PathNode, targetCount: Int, scrolls: Int, last: ScrollEngine.Step?
    ): StepResult {
        val counts = SelectionCounts(targetCount, choice?.candidateCount ?: 0)
        val d = if (choice != null) ScrollEngine.scrollData(o, choice, p.tuning, last) else LinkedHashMap()
        d["scrolls_executed"] = scrolls.toString()
        d["termination_reason"] = "target_found"
        d["target"] = Observe.summaryOf(o, target)
        d["candidate_count"] = targetCount.toString()
        d.putAll(Receipts.receipt(ctx))
        if (p.clickAfter) {
            val outcome = ClickDispatch.dispatch(ctx, o, target, p.clickType)
            d.putAll(outcome.data)
            if (!outcome.accepted) {
                return step.returnedFailure(outcome.code ?: ErrorCodes.NODE_NOT_CLICKABLE, "Click after scroll was not accepted",
                    Observe.withWarning(d, counts, p.tuning.strict))
            }
        }
        return step.succeeded(Observe.withWarning(d, counts, p.tuning.strict))
    }

    val scrollUntil = object : ActionSpec<SearchParams>("scroll_until", ActionGates.UI) {
        override fun parse(params: ParamReader): SearchParams {
            val clickAfter = params.boolean("clickAfter", false)
            val matcher = if (clickAfter) params.requiredMatcher("matcher") else params.optionalMatcher("matcher")
            return SearchParams(ScrollEngine.readTuning(params), matcher, clickAfter, NodeTargeted.readClickType(params),
                params.integer("maxScrolls", 20, 1, 200), params.number("maxDurationMs", 10000.0, 0.0, 120000.0),
                params.integer("noPositionChangeThreshold", 3, 1, 20), RetryPolicy.read(params, "retry", "UiScroll"))
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: SearchParams) = search(ctx, step, params)
    }

    val scrollAndClick = object : ActionSpec<SearchParams>("scroll_and_click", ActionGates.UI) {
        override fun parse(params: ParamReader): SearchParams {
            RetryPolicy.read(params, "clickRetry", "UiReadiness")
            return SearchParams(ScrollEngine.readTuning(params), params.requiredMatcher("matcher"), params.boolean("clickAfter", true),
                NodeTargeted.readClickType(params), params.integer("maxSwipes", 10, 1, 50), 120000.0, 3,
                RetryPolicy.read(params, "scrollRetry", "UiScroll"))
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: SearchParams) = search(ctx, step, params)
    }
}
