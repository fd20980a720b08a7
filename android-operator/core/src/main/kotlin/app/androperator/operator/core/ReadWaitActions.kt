package app.androperator.operator.core

/**
 * `read_text` and `read_key_value_pair` (seed 003:2447-2527); the read value is
 * the node label. Validators: `regex` (a match anywhere), `temperature`
 * (a number with an optional degree unit), `version` (dotted numbers); a value
 * failing its validator is a returned VALIDATION_FAILED step.
 * Mirrors src/virtual-device/operator/actions/read.ts.
 */
object ReadActions {
    private val TEMPERATURE = Regex("""^-?\d+(?:[.,]\d+)?\s*°?\s*[CFcf]?$""")
    private val VERSION = Regex("""^\d+(?:\.\d+)*$""")

    class Validator(val kind: String, val pattern: Regex)

    class ReadParams(t: TargetParams, val all: Boolean, val validator: Validator?) : TargetParams(t.matcher, t.strict, t.container, t.retry)

    val readText = object : ActionSpec<ReadParams>("read_text", ActionGates.UI) {
        override fun parse(params: ParamReader): ReadParams {
            val t = NodeTargeted.readTarget(params)
            val validator = when (val name = params.optionalString("validator")) {
                null -> null
                "regex" -> {
                    val source = params.requiredString("validatorPattern")
                    val regex = try { Regex(source) } catch (e: IllegalArgumentException) { params.fail("validatorPattern", "params.validatorPattern is not a valid regex") }
                    Validator("regex", regex)
                }
                "temperature" -> Validator(name, TEMPERATURE)
                "version" -> Validator(name, VERSION)
                else -> params.fail("validator", "params.validator must be temperature, version or regex")
            }
            return ReadParams(t, params.boolean("all", false), validator)
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: ReadParams): StepResult {
            val sel = NodeTargeted.selectTarget(ctx, step, params, params.all)
            if (sel !is Observe.Selected) return sel as StepResult
            val values = (if (params.all) sel.result.matches else listOf(sel.result.target)).map { it.node.label }
            val d = data(
                "text" to if (params.all) Json.stringify(values) else values[0],
                "target" to if (params.all) null else Observe.summaryOf(sel.observation, sel.result.target),
                "candidate_count" to sel.result.candidateCount.toString(),
                "validator" to params.validator?.kind
            )
            Observe.withWarning(d, sel.counts, params.strict)
            val v = params.validator
            if (v != null && values.any { !v.pattern.containsMatchIn(jsTrim(it)) }) {
                return step.returnedFailure("VALIDATION_FAILED", "Value does not satisfy the ${v.kind} validator", d)
            }
            return step.succeeded(d)
        }
    }

    class KeyValueParams(t: TargetParams, val all: Boolean) : TargetParams(t.matcher, t.strict, t.container, t.retry)

    /** First non-empty label after the label, in preorder, inside its parent and outside its subtree. */
    private fun valueOf(o: Observation, label: PathNode): String? {
        val nodes = o.index.nodes
        val scope = label.parent
        val start = nodes.indexOf(label)
        for (i in start + 1 until nodes.size) {
            val pn = nodes[i]
            if (pn.isStrictDescendantOf(label)) continue
            if (scope != null && !pn.isStrictDescendantOf(scope)) break
            if (!o.index.isOnScreen(pn)) continue
            if (pn.node.label.isNotEmpty()) return pn.node.label
        }
        return null
    }

    val readKeyValuePair = object : ActionSpec<KeyValueParams>("read_key_value_pair", ActionGates.UI) {
        override fun parse(params: ParamReader) = KeyValueParams(
            TargetParams(params.requiredMatcher("labelMatcher"), false, null, RetryPolicy.read(params, "retry", "UiReadiness")),
            params.boolean("all", false)
        )

        override fun run(ctx: ActionContext, step: StepIdentity, params: KeyValueParams): StepResult {
            val sel = NodeTargeted.selectTarget(ctx, step, params, params.all)
            if (sel !is Observe.Selected) return sel as StepResult
            val pairs = (if (params.all) sel.result.matches else listOf(sel.result.target)).map { it.node.label to valueOf(sel.observation, it) }
            if (!params.all && pairs[0].second == null) {
                return step.returnedFailure(ErrorCodes.NODE_NOT_FOUND, "No value node found next to the label", data("key" to pairs[0].first))
            }
            val d = if (params.all) data("pairs" to Json.stringify(pairs.map { obj("key" to it.first, "value" to it.second) }))
            else data("key" to pairs[0].first, "value" to pairs[0].second)
            d["candidate_count"] = sel.result.candidateCount.toString()
            return step.succeeded(Observe.withWarning(d, sel.counts, false))
        }
    }
}

/**
 * `wait_for_node` and `wait_for_navigation` (seed 003:2652-2725): poll fresh
 * captures every 100 ms of device time until the condition holds or the
 * action's own budget ends. Absence keeps polling even in strict mode; strict
 * ambiguity fails at once. Mirrors src/virtual-device/operator/actions/wait.ts.
 */
object WaitActions {
    const val POLL_INTERVAL_MS = 100L
    const val DEFAULT_WAIT_TIMEOUT_MS = 10000.0

    /** Polls [check] until it returns a value or [timeoutMs] of device time has passed. */
    fun <T> pollUntil(ctx: ActionContext, timeoutMs: Long, check: () -> T?): T? {
        val deadline = ctx.platform.now() + timeoutMs
        while (true) {
            check()?.let { return it }
            val left = deadline - ctx.platform.now()
            if (left <= 0) return null
            ctx.sleep(minOf(POLL_INTERVAL_MS, left))
        }
    }

    class WaitParams(t: TargetParams, val timeoutMs: Long) : TargetParams(t.matcher, t.strict, t.container, t.retry)

    val waitForNode = object : ActionSpec<WaitParams>("wait_for_node", ActionGates.UI) {
        override fun parse(params: ParamReader) =
            WaitParams(NodeTargeted.readTarget(params), Math.round(params.number("timeoutMs", DEFAULT_WAIT_TIMEOUT_MS, 1.0, 120000.0)))

        override fun run(ctx: ActionContext, step: StepIdentity, params: WaitParams): StepResult {
            var counts = SelectionCounts()
            val found = pollUntil(ctx, params.timeoutMs) {
                val o = Observe.observe(ctx) ?: return@pollUntil null
                try {
                    val r = Selector.select(o.index, params.matcher, Visibility.ON_SCREEN, params.strict, params.container)
                    counts = counts.merge(r.counts)
                    o to r
                } catch (e: SelectionFailure) {
                    counts = counts.merge(e.counts)
                    if (e.code == ErrorCodes.NODE_AMBIGUOUS || e.code == ErrorCodes.CONTAINER_AMBIGUOUS) throw Observe.selectionFailure(ctx, o, e)
                    null
                }
            }
            if (found == null) {
                return step.returnedFailure(ErrorCodes.WAIT_TIMEOUT, "No matching node appeared within ${params.timeoutMs} ms",
                    Observe.withWarning(data("elapsed_ms" to Receipts.elapsedMs(ctx)), counts, params.strict))
            }
            val (o, r) = found
            val d = data(
                "target" to Observe.summaryOf(o, r.target), "candidate_count" to r.candidateCount.toString(),
                "text" to r.target.node.label, "elapsed_ms" to Receipts.elapsedMs(ctx)
            )
            return step.succeeded(Observe.withWarning(d, counts, params.strict))
        }
    }

    /** Whether the foreground package and the optional node satisfy a navigation expectation. */
    fun navigationReached(ctx: ActionContext, expectedPackage: String?, expectedNode: NodeMatcher?): Boolean {
        if (expectedPackage != null && ctx.platform.foregroundPackage() != expectedPackage) return false
        if (expectedNode == null) return true
        val o = Observe.observe(ctx) ?: return false
        return try {
            Selector.select(o.index, expectedNode)
            true
        } catch (e: SelectionFailure) {
            false
        }
    }

    class NavParams(val expectedPackage: String?, val expectedNode: NodeMatcher?, val timeoutMs: Long)

    val waitForNavigation = object : ActionSpec<NavParams>("wait_for_navigation", ActionGates.UI) {
        override fun parse(params: ParamReader): NavParams {
            val pkg = params.optionalString("expectedPackage")
            val node = params.optionalMatcher("expectedNode")
            if (pkg == null && node == null) params.fail("expectedPackage", "requires params.expectedPackage or params.expectedNode")
            if (!params.has("timeoutMs")) params.fail("timeoutMs", "requires params.timeoutMs")
            return NavParams(pkg, node, Math.round(params.number("timeoutMs", 1.0, 1.0, 30000.0)))
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: NavParams): StepResult {
            val reached = pollUntil(ctx, params.timeoutMs) { if (navigationReached(ctx, params.expectedPackage, params.expectedNode)) true else null }
            val foreground = ctx.platform.foregroundPackage()
            if (reached == null) {
                return step.returnedFailure(ErrorCodes.NAVIGATION_TIMEOUT, "Navigation not observed within ${params.timeoutMs} ms",
                    data("last_package" to foreground, "elapsed_ms" to Receipts.elapsedMs(ctx)))
            }
            return step.succeeded(data("resolved_package" to foreground, "elapsed_ms" to Receipts.elapsedMs(ctx)))
        }
    }
}
