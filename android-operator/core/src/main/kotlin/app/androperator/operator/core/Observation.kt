package app.androperator.operator.core

import java.text.SimpleDateFormat
import java.util.Date
import java.util.Locale
import java.util.TimeZone

/** One fresh capture with its selection index; mirrors src/virtual-device/operator/selection.ts. */
class Observation(val capture: UiCapture, val index: Capture) {
    val id: String get() = index.snapshotId
    val capturedAt: String get() = index.capturedAt
}

/** Captures, diagnostics and selection with retries for node-targeted actions. */
object Observe {
    /** `Date.prototype.toISOString` form: `2026-01-01T00:00:00.000Z`. */
    fun isoUtc(epochMs: Long): String = SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", Locale.ROOT)
        .apply { timeZone = TimeZone.getTimeZone("UTC") }.format(Date(epochMs))

    /** A fresh capture with the display as the screen, or null without an application root. */
    fun observe(ctx: ActionContext): Observation? {
        val capture = ctx.platform.capture() ?: return null
        val display = ctx.platform.display()
        val screen = Bounds(0, 0, display.width, display.height)
        val id = "obs-${++ctx.state.observationCounter}"
        return Observation(capture, Capture(capture.hierarchy, screen, id, isoUtc(ctx.platform.wallTime())))
    }

    /** Root-independent facts of a failed capture, serialized (003:1762-1767). */
    fun diagnostics(ctx: ActionContext): String {
        val service = ctx.platform.accessibilityConnected()
        return Json.stringify(obj(
            "serviceAvailable" to service,
            "rootAvailable" to false,
            "windowCount" to null,
            "foregroundPackage" to if (service) ctx.platform.foregroundPackage() else null
        ))
    }

    fun observeOrFail(ctx: ActionContext, code: String = ErrorCodes.UI_TREE_UNAVAILABLE): Observation =
        observe(ctx) ?: throw StepFailure(code, "No application hierarchy is available",
            Receipts.receipt(ctx).apply { put("diagnostics", diagnostics(ctx)) })

    fun summaryOf(o: Observation, node: PathNode): String = Json.stringify(NodeSummary.of(o.index, node))

    /** Ambiguity candidates: query-result JSON with at most 10 summaries, strings capped (003:3866-3868). */
    fun candidatesOf(o: Observation, found: List<PathNode>): String =
        Json.stringify(QueryUi.payload(o.index, found, Selector.MAX_CANDIDATES, capStrings = true))

    /** The thrown step failure for a selection error, with receipt and candidates. */
    fun selectionFailure(ctx: ActionContext, o: Observation, error: SelectionFailure): StepFailure {
        val d = Receipts.receipt(ctx)
        d["candidate_count"] = error.candidateCount.toString()
        if (error.code == ErrorCodes.NODE_AMBIGUOUS || error.code == ErrorCodes.CONTAINER_AMBIGUOUS) {
            error.data["candidates"]?.let { d["candidates"] = it }
        }
        return StepFailure(error.code, error.message ?: error.code, d)
    }

    /** Adds `selection_warning` for the merged counts of a non-strict action (003:3807-3827). */
    fun withWarning(d: LinkedHashMap<String, String>, counts: SelectionCounts, strict: Boolean): LinkedHashMap<String, String> {
        if (!strict) counts.warning()?.let { d["selection_warning"] = it }
        return d
    }

    class Selected(val observation: Observation, val result: SelectionResult, val counts: SelectionCounts)
    class NotSelected(val observation: Observation, val error: SelectionFailure, val counts: SelectionCounts)

    /**
     * Resolves on fresh captures, retrying absent targets and containers under
     * [retry]. Ambiguity fails at once (no ambiguity retry, 003:3851). After the
     * last attempt the error is handed back for the action to return or throw.
     */
    fun selectWithRetry(ctx: ActionContext, matcher: NodeMatcher, strict: Boolean, container: NodeMatcher?, retry: RetryPolicy, allTargets: Boolean = false): Any {
        var counts = SelectionCounts()
        var attempt = 1
        while (true) {
            val o = observeOrFail(ctx)
            try {
                val r = Selector.select(o.index, matcher, Visibility.ON_SCREEN, strict, container, allTargets)
                return Selected(o, r, counts.merge(r.counts))
            } catch (e: SelectionFailure) {
                counts = counts.merge(e.counts)
                val ambiguous = e.code == ErrorCodes.NODE_AMBIGUOUS || e.code == ErrorCodes.CONTAINER_AMBIGUOUS
                if (ambiguous || attempt >= retry.attempts) return NotSelected(o, e, counts)
                ctx.sleep(retry.delayMs(attempt))
            }
            attempt++
        }
    }
}
