package app.androperator.operator.core

import java.util.Locale

/** The six scalar NodeMatcher fields (seed 003 "NodeMatcher Contract"); null = not supplied. */
data class NodePredicate(
    val resourceId: String? = null,
    val role: String? = null,
    val textEquals: String? = null,
    val textContains: String? = null,
    val contentDescEquals: String? = null,
    val contentDescContains: String? = null
) {
    /** AND of every supplied scalar field against one node. */
    fun matches(node: UiNode): Boolean {
        if (resourceId != null && (node.resourceId ?: "") != resourceId) return false
        if (role != null && Roles.of(node) != lower(role)) return false
        if (textEquals != null && node.label != textEquals) return false
        if (textContains != null && !lower(node.label).contains(lower(textContains))) return false
        if (contentDescEquals != null && (node.contentDesc ?: "") != contentDescEquals) return false
        if (contentDescContains != null && !lower(node.contentDesc ?: "").contains(lower(contentDescContains))) return false
        return true
    }

    fun toJson(): Map<String, Any?> = LinkedHashMap<String, Any?>().apply {
        resourceId?.let { put("resourceId", it) }
        role?.let { put("role", it) }
        textEquals?.let { put("textEquals", it) }
        textContains?.let { put("textContains", it) }
        contentDescEquals?.let { put("contentDescEquals", it) }
        contentDescContains?.let { put("contentDescContains", it) }
    }

    companion object {
        val SCALAR_FIELDS = listOf("resourceId", "role", "textEquals", "textContains", "contentDescEquals", "contentDescContains")

        fun fromJson(o: Map<String, Any?>): NodePredicate = NodePredicate(
            resourceId = o["resourceId"] as? String,
            role = o["role"] as? String,
            textEquals = o["textEquals"] as? String,
            textContains = o["textContains"] as? String,
            contentDescEquals = o["contentDescEquals"] as? String,
            contentDescContains = o["contentDescContains"] as? String
        )

        /** Locale-independent lower case, as JavaScript `toLowerCase`. */
        fun lower(s: String) = s.lowercase(Locale.ROOT)
    }
}

/** A NodeMatcher: scalar predicate plus optional `ancestor` / `descendant` relationships. */
data class NodeMatcher(
    val self: NodePredicate,
    val ancestor: NodePredicate? = null,
    val descendant: NodePredicate? = null
) {
    fun toJson(): Map<String, Any?> = LinkedHashMap(self.toJson()).apply {
        ancestor?.let { put("ancestor", it.toJson()) }
        descendant?.let { put("descendant", it.toJson()) }
    }
}
