package app.androperator.operator.core

/**
 * Serializes a capture as UI Automator hierarchy XML (the `snapshot` step's
 * `data.text`). Attribute order and omission of unknown values follow
 * `attributesOfNode` in `src/contract/selector/attributes.ts`.
 */
object HierarchyXml {
    const val HEADER = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"

    fun write(hierarchy: UiHierarchy): String {
        val out = StringBuilder(HEADER)
        out.append("<hierarchy rotation=\"").append(hierarchy.rotation).append("\">")
        for (root in hierarchy.roots) writeNode(out, root)
        out.append("</hierarchy>")
        return out.toString()
    }

    fun attributes(node: UiNode): List<Pair<String, String>> {
        val out = ArrayList<Pair<String, String>>()
        node.index?.let { out.add("index" to it.toString()) }
        node.text?.let { out.add("text" to it) }
        node.resourceId?.let { out.add("resource-id" to it) }
        node.className?.let { out.add("class" to it) }
        node.packageName?.let { out.add("package" to it) }
        node.contentDesc?.let { out.add("content-desc" to it) }
        val flags = listOf(
            "checkable" to node.checkable, "checked" to node.checked, "clickable" to node.clickable,
            "enabled" to node.enabled, "focusable" to node.focusable, "focused" to node.focused,
            "scrollable" to node.scrollable, "long-clickable" to node.longClickable, "password" to node.password,
            "selected" to node.selected, "visible-to-user" to node.visibleToUser,
            "accessibility-data-sensitive" to node.accessibilityDataSensitive
        )
        for ((name, value) in flags) if (value != null) out.add(name to value.toString())
        node.bounds?.let { out.add("bounds" to "[${it.left},${it.top}][${it.right},${it.bottom}]") }
        for ((k, v) in node.extra) out.add(k to v)
        return out
    }

    private fun writeNode(out: StringBuilder, node: UiNode) {
        out.append("<node")
        for ((name, value) in attributes(node)) out.append(' ').append(name).append("=\"").append(escape(value)).append('"')
        if (node.children.isEmpty()) {
            out.append(" />")
            return
        }
        out.append('>')
        for (child in node.children) writeNode(out, child)
        out.append("</node>")
    }

    fun escape(value: String): String {
        val sb = StringBuilder(value.length)
        for (c in value) when (c) {
            '&' -> sb.append("&amp;")
            '<' -> sb.append("&lt;")
            '>' -> sb.append("&gt;")
            '"' -> sb.append("&quot;")
            '\n' -> sb.append("&#10;")
            '\r' -> sb.append("&#13;")
            '\t' -> sb.append("&#9;")
            else -> sb.append(c)
        }
        return sb.toString()
    }
}
