package app.androperator.operator.core

/** `query_ui` visibility (seed 003:1890-1893); actions always use [ON_SCREEN]. */
enum class Visibility(val wire: String) {
    ON_SCREEN("on_screen"), ALL("all");

    companion object {
        fun fromWire(value: String?): Visibility? = values().firstOrNull { it.wire == value }
    }
}

/**
 * One tree capture prepared for selection: preorder paths plus the eligibility
 * rule of seed 003:1978-1983 (`src/contract/selector/eligibility.ts`): bounds
 * clipped to the screen must have positive area, `visibleToUser` must not be
 * false, and an ineligible ancestor prunes its subtree. A root stays a
 * candidate even when ineligible. [screen] defaults to the first root's bounds
 * when they have positive area, else only positive bounds are required.
 */
class Capture(
    val hierarchy: UiHierarchy,
    screen: Bounds? = null,
    val snapshotId: String = "",
    val capturedAt: String = ""
) {
    val screen: Bounds? = screen ?: hierarchy.roots.firstOrNull()?.bounds?.takeIf { it.width > 0 && it.height > 0 }
    val nodes: List<PathNode> = hierarchy.flatten()
    private val onScreen = HashMap<PathNode, Boolean>()

    init {
        for (pn in nodes) onScreen[pn] = (pn.parent?.let { onScreen.getValue(it) } ?: true) && selfEligible(pn.node)
    }

    private fun selfEligible(node: UiNode): Boolean {
        val b = node.bounds ?: return false
        if (node.visibleToUser == false) return false
        val s = screen ?: return b.width > 0 && b.height > 0
        return minOf(b.right, s.right) > maxOf(b.left, s.left) && minOf(b.bottom, s.bottom) > maxOf(b.top, s.top)
    }

    /** The action eligibility of one node (query_ui `onScreen`). */
    fun isOnScreen(pn: PathNode): Boolean = onScreen.getValue(pn)

    fun isCandidate(pn: PathNode, visibility: Visibility) = visibility == Visibility.ALL || pn.parent == null || isOnScreen(pn)

    /** Nodes a request with [visibility] may see, in preorder. */
    fun candidates(visibility: Visibility): List<PathNode> = nodes.filter { isCandidate(it, visibility) }

    fun byPath(path: String): PathNode? = nodes.firstOrNull { it.path == path }
}

/** Largest candidate counts per kind of selection; 0 = that kind was not selected. */
data class SelectionCounts(val target: Int = 0, val container: Int = 0) {
    fun merge(other: SelectionCounts) = SelectionCounts(maxOf(target, other.target), maxOf(container, other.container))

    /** `selection_warning` (seed 003:3807-3830); target first, then container. */
    fun warning(): String? {
        val parts = ArrayList<String>()
        if (target > 1) parts.add("target: $target")
        if (container > 1) parts.add("container: $container")
        if (parts.isEmpty()) return null
        return "Multiple candidates matched; first-match selection was used. " +
            "Largest candidate counts observed: ${parts.joinToString(", ")}. " +
            "Use --strict (params.strict=true) to reject ambiguous matches."
    }
}

/** A successful selection: all targets in preorder, the container used and the counts. */
class SelectionResult(val matches: List<PathNode>, val container: PathNode?, val counts: SelectionCounts, strict: Boolean) {
    val candidateCount: Int get() = matches.size
    val target: PathNode get() = matches.first()
    val warning: String? = if (strict) null else counts.warning()
}

/** A failed selection (NODE_NOT_FOUND, NODE_AMBIGUOUS, CONTAINER_NOT_FOUND, CONTAINER_AMBIGUOUS). */
class SelectionFailure(code: String, message: String, val candidateCount: Int, val counts: SelectionCounts, data: Map<String, String>) :
    StepFailure(code, message, data)

/** NodeMatcher resolution over a [Capture] (seed 003 "Relational Matching", "Strict action selection"). */
object Selector {
    /**
     * Candidates matching [matcher] in preorder (null matcher: every candidate), restricted
     * to strict descendants of [within]. `ancestor` uses the structural tree; `descendant`
     * only candidates under [visibility]; self satisfies neither.
     */
    fun matchAll(capture: Capture, matcher: NodeMatcher?, visibility: Visibility, within: PathNode? = null): List<PathNode> =
        capture.nodes.filter { pn ->
            capture.isCandidate(pn, visibility) &&
                (within == null || pn.isStrictDescendantOf(within)) &&
                (matcher == null || matches(capture, pn, matcher, visibility))
        }

    fun matches(capture: Capture, pn: PathNode, matcher: NodeMatcher, visibility: Visibility): Boolean {
        if (!matcher.self.matches(pn.node)) return false
        matcher.ancestor?.let { pred -> if (pn.ancestors().none { pred.matches(it.node) }) return false }
        matcher.descendant?.let { pred ->
            val found = capture.nodes.any { it.isStrictDescendantOf(pn) && capture.isCandidate(it, visibility) && pred.matches(it.node) }
            if (!found) return false
        }
        return true
    }

    /**
     * Action-style selection (`src/contract/selector/resolve.ts`): the container first
     * (none → CONTAINER_NOT_FOUND; several under strict → CONTAINER_AMBIGUOUS; else the
     * first), then targets among its strict descendants (none → NODE_NOT_FOUND; several
     * under strict → NODE_AMBIGUOUS). [allTargets] (read_text all=true) accepts any count
     * and does not count targets for the warning.
     */
    fun select(
        capture: Capture,
        matcher: NodeMatcher,
        visibility: Visibility = Visibility.ON_SCREEN,
        strict: Boolean = false,
        container: NodeMatcher? = null,
        allTargets: Boolean = false
    ): SelectionResult {
        var counts = SelectionCounts()
        var within: PathNode? = null
        if (container != null) {
            val containers = matchAll(capture, container, visibility)
            counts = counts.copy(container = containers.size)
            if (containers.isEmpty()) throw failure(ErrorCodes.CONTAINER_NOT_FOUND, "No container matched", capture, containers, counts)
            if (strict && containers.size > 1) {
                throw failure(ErrorCodes.CONTAINER_AMBIGUOUS, "${containers.size} containers matched in strict mode", capture, containers, counts)
            }
            within = containers.first()
        }
        val targets = matchAll(capture, matcher, visibility, within)
        if (!allTargets) {
            counts = counts.copy(target = targets.size)
            if (targets.isEmpty()) throw failure(ErrorCodes.NODE_NOT_FOUND, "No node matched", capture, targets, counts)
            if (strict && targets.size > 1) {
                throw failure(ErrorCodes.NODE_AMBIGUOUS, "${targets.size} nodes matched in strict mode", capture, targets, counts)
            }
        }
        return SelectionResult(targets, within, counts, strict)
    }

    /**
     * Failure evidence: `candidate_count` always; `candidates` (a serialized query
     * result with at most 10 NodeSummary objects, strings capped at 512) when some
     * were found (seed 003:3864-3868).
     */
    fun failure(code: String, message: String, capture: Capture, found: List<PathNode>, counts: SelectionCounts): SelectionFailure {
        val data = linkedMapOf("candidate_count" to found.size.toString())
        if (found.size > 1) data["candidates"] = Json.stringify(QueryUi.payload(capture, found, MAX_CANDIDATES, capStrings = true))
        return SelectionFailure(code, message, found.size, counts, data)
    }

    const val MAX_CANDIDATES = 10
}
