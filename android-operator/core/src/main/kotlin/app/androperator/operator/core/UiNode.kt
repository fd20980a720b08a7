package app.androperator.operator.core

/** Screen rectangle in pixels, `[left,top][right,bottom]`. */
data class Bounds(val left: Int, val top: Int, val right: Int, val bottom: Int) {
    val width: Int get() = right - left
    val height: Int get() = bottom - top
    val centerX: Int get() = left + width / 2
    val centerY: Int get() = top + height / 2

    fun intersects(other: Bounds): Boolean =
        left < other.right && other.left < right && top < other.bottom && other.top < bottom

    fun toJson(): Map<String, Any?> = obj("left" to left, "top" to top, "right" to right, "bottom" to bottom)

    companion object {
        fun fromJson(value: Any?): Bounds? {
            val o = value.asObject() ?: return null
            fun n(k: String) = (o[k] as? Number)?.toInt() ?: 0
            return Bounds(n("left"), n("top"), n("right"), n("bottom"))
        }
    }
}

/**
 * One captured accessibility node, platform-neutral. Every attribute is nullable:
 * null means the capture did not report it (unknown), distinct from `false` or "".
 * Mirrors the TypeScript `UiNode` (`src/contract/selector/node.ts`); conformance
 * trees load through [fromAttributes].
 */
data class UiNode(
    /** UI Automator `index` attribute; informational, paths use array positions. */
    val index: Int? = null,
    val text: String? = null,
    val resourceId: String? = null,
    val className: String? = null,
    val packageName: String? = null,
    val contentDesc: String? = null,
    val checkable: Boolean? = null,
    val checked: Boolean? = null,
    val clickable: Boolean? = null,
    val enabled: Boolean? = null,
    val focusable: Boolean? = null,
    val focused: Boolean? = null,
    val scrollable: Boolean? = null,
    val longClickable: Boolean? = null,
    val password: Boolean? = null,
    val selected: Boolean? = null,
    val visibleToUser: Boolean? = null,
    val accessibilityDataSensitive: Boolean? = null,
    val editable: Boolean? = null,
    val bounds: Bounds? = null,
    val children: List<UiNode> = emptyList(),
    /** Unrecognized XML attributes, kept in capture order for the snapshot XML. */
    val extra: Map<String, String> = emptyMap(),
    /** Platform handle (an AccessibilityNodeInfo on Android); never serialized. */
    val handle: Any? = null
) {
    /** Text when available, otherwise content description, otherwise "" (seed 003 "Relational Matching"). */
    val label: String
        get() = if (!text.isNullOrEmpty()) text else if (!contentDesc.isNullOrEmpty()) contentDesc else ""

    companion object {
        /** Attribute names in UI Automator dump order (flags as in `BOOLEAN_ATTRIBUTES` of node.ts). */
        val KNOWN_ATTRIBUTES = listOf(
            "index", "text", "resource-id", "class", "package", "content-desc",
            "checkable", "checked", "clickable", "enabled", "focusable", "focused", "scrollable",
            "long-clickable", "password", "selected", "visible-to-user", "accessibility-data-sensitive",
            "bounds", "children"
        )

        private val BOUNDS = Regex("""^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$""")

        /** `"[l,t][r,b]"` → Bounds; malformed → null (absent). */
        fun parseBounds(value: String?): Bounds? {
            val m = BOUNDS.matchEntire(value ?: return null) ?: return null
            val v = m.groupValues.drop(1).map { it.toIntOrNull() ?: return null }
            return Bounds(v[0], v[1], v[2], v[3])
        }

        /**
         * The conformance tree format: UI Automator XML attribute names with their
         * string values (`"clickable": "true"`, `"bounds": "[0,0][10,10]"`) plus `children`.
         */
        fun fromAttributes(value: Any?): UiNode {
            val o = value.asObject() ?: throw IllegalArgumentException("a tree node must be a JSON object")
            fun s(k: String) = o[k] as? String
            fun b(k: String) = when (o[k]) { "true" -> true; "false" -> false; else -> null }
            val extra = LinkedHashMap<String, String>()
            for ((k, v) in o) if (k !in KNOWN_ATTRIBUTES && v is String) extra[k] = v
            return UiNode(
                index = s("index")?.takeIf { it.isNotBlank() }?.trim()?.toDoubleOrNull()?.takeIf { it == Math.floor(it) && !it.isInfinite() }?.toInt(),
                text = s("text"),
                resourceId = s("resource-id"),
                className = s("class"),
                packageName = s("package"),
                contentDesc = s("content-desc"),
                checkable = b("checkable"),
                checked = b("checked"),
                clickable = b("clickable"),
                enabled = b("enabled"),
                focusable = b("focusable"),
                focused = b("focused"),
                scrollable = b("scrollable"),
                longClickable = b("long-clickable"),
                password = b("password"),
                selected = b("selected"),
                visibleToUser = b("visible-to-user"),
                accessibilityDataSensitive = b("accessibility-data-sensitive"),
                bounds = parseBounds(s("bounds")),
                children = (o["children"].asArray() ?: emptyList()).map { fromAttributes(it) },
                extra = extra
            )
        }
    }
}

/** A whole capture: top-level window roots, paths `"0"`, `"1"`, ... */
data class UiHierarchy(val roots: List<UiNode>, val rotation: Int = 0) {
    companion object {
        /** A conformance tree: a JSON array of top-level nodes in attribute format. */
        fun fromTree(value: Any?): UiHierarchy =
            UiHierarchy((value.asArray() ?: throw IllegalArgumentException("a tree must be a JSON array")).map { UiNode.fromAttributes(it) })
    }
}

/** A node together with its position in the captured tree. */
class PathNode(val node: UiNode, val path: String, val parent: PathNode?, val depth: Int) {
    val parentPath: String? get() = parent?.path

    /** Strict ancestors, nearest first. */
    fun ancestors(): Sequence<PathNode> = generateSequence(parent) { it.parent }

    fun isStrictDescendantOf(other: PathNode): Boolean = ancestors().any { it === other }

    override fun toString(): String = "PathNode($path)"
}

/** Preorder flattening of a hierarchy with observation paths. */
fun UiHierarchy.flatten(): List<PathNode> {
    val out = ArrayList<PathNode>()
    fun walk(node: UiNode, path: String, parent: PathNode?, depth: Int) {
        val pn = PathNode(node, path, parent, depth)
        out.add(pn)
        node.children.forEachIndexed { i, child -> walk(child, "$path.$i", pn, depth + 1) }
    }
    roots.forEachIndexed { i, root -> walk(root, "$i", null, 0) }
    return out
}
