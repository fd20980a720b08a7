package app.androperator.operator.core

/**
 * `NodeSummary`: the per-node shape of `query_ui` results, receipts and
 * ambiguity candidates (seed 003:1917-1945); mirrors
 * src/contract/selector/node-summary.ts. Unknown state is `null`, never `false`.
 */
object NodeSummary {
    const val CANDIDATE_STRING_LIMIT = 512

    fun of(capture: Capture, pn: PathNode, capStrings: Boolean = false): Map<String, Any?> {
        val n = pn.node
        fun cap(v: String) = if (capStrings && v.length > CANDIDATE_STRING_LIMIT) v.substring(0, CANDIDATE_STRING_LIMIT) else v
        return obj(
            "nodePath" to pn.path,
            "parentPath" to pn.parentPath,
            "resourceId" to n.resourceId?.let(::cap),
            "className" to n.className?.let(::cap),
            "role" to Roles.of(n),
            "label" to cap(n.label),
            "contentDescription" to n.contentDesc?.let(::cap),
            "bounds" to n.bounds?.toJson(),
            "visibleToUser" to n.visibleToUser,
            "onScreen" to capture.isOnScreen(pn),
            "enabled" to n.enabled,
            "clickable" to n.clickable,
            "checkable" to n.checkable,
            "checked" to n.checked,
            "selected" to n.selected,
            "scrollable" to n.scrollable,
            "accessibilityDataSensitive" to n.accessibilityDataSensitive
        )
    }
}

/** The `query_ui` payload (seed 003:1882-1990); mirrors src/contract/selector/query-ui.ts. */
object QueryUi {
    const val MAX_QUERY_BYTES = 256 * 1024
    const val DEFAULT_LIMIT = 100

    fun payload(capture: Capture, matches: List<PathNode>, limit: Int, capStrings: Boolean = false): Map<String, Any?> {
        val returned = matches.take(limit)
        return obj(
            "schemaVersion" to 1,
            "snapshotId" to capture.snapshotId,
            "capturedAt" to capture.capturedAt,
            "totalMatches" to matches.size,
            "returnedCount" to returned.size,
            "truncated" to (returned.size < matches.size),
            "nodes" to returned.map { NodeSummary.of(capture, it, capStrings) }
        )
    }

    /** Serialized payload; PAYLOAD_TOO_LARGE above 256 KiB of UTF-8 (JSON is never cut). */
    fun json(capture: Capture, matcher: NodeMatcher?, visibility: Visibility, limit: Int): String {
        val found = Selector.matchAll(capture, matcher, visibility)
        val json = Json.stringify(payload(capture, found, limit))
        val bytes = json.toByteArray(Charsets.UTF_8).size
        if (bytes > MAX_QUERY_BYTES) {
            throw StepFailure(ErrorCodes.PAYLOAD_TOO_LARGE,
                "query_ui result is $bytes bytes, over the $MAX_QUERY_BYTES-byte limit; lower limit or narrow the matcher")
        }
        return json
    }
}
