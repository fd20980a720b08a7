package app.androperator.operator.core

/** A schema issue at a dotted [path] (relative to the value being checked). */
class SchemaIssue(val path: List<String>, message: String, val unrecognizedKeys: List<String> = emptyList()) : RuntimeException(message)

/** JavaScript `String.prototype.trim` whitespace (WhiteSpace + LineTerminator). */
fun isJsWhitespace(c: Char): Boolean = c == '\t' || c == '\u000B' || c == '\u000C' || c == ' ' || c == '\u00A0' ||
    c == '\uFEFF' || c == '\n' || c == '\r' || c == '\u2028' || c == '\u2029' || Character.getType(c) == Character.SPACE_SEPARATOR.toInt()

fun jsTrim(s: String): String = s.trim { isJsWhitespace(it) }

fun jsIsBlank(s: String): Boolean = jsTrim(s).isEmpty()

/**
 * Alias renaming shared by execution keys, params and matchers
 * (`src/contract/key-aliases.ts`): non-alias keys keep their order; then each
 * alias in table order fills its canonical key unless already present.
 */
fun renameAliases(input: Map<String, Any?>, aliases: List<Pair<String, String>>): LinkedHashMap<String, Any?> {
    val aliasNames = aliases.map { it.first }.toSet()
    val out = LinkedHashMap<String, Any?>()
    for ((k, v) in input) if (k !in aliasNames) out[k] = v
    for ((alias, canonical) in aliases) if (input.containsKey(alias) && !out.containsKey(canonical)) out[canonical] = input[alias]
    return out
}

/** The NodeMatcher input contract (`src/contract/matcher.ts`). */
object MatcherInput {
    const val MAX_VALUE_LENGTH = 512

    val FIELD_ALIASES = listOf(
        "id" to "resourceId",
        "resource_id" to "resourceId",
        "text" to "textEquals",
        "text_contains" to "textContains",
        "content_desc" to "contentDescEquals",
        "content_desc_equals" to "contentDescEquals",
        "description" to "contentDescEquals",
        "accessibility_label" to "contentDescEquals",
        "content_desc_contains" to "contentDescContains",
        "description_contains" to "contentDescContains",
        "accessibility_label_contains" to "contentDescContains"
    )

    /** Renames matcher-field aliases, also inside `ancestor` / `descendant`; non-objects unchanged. */
    fun normalize(input: Any?): Any? {
        val o = input.asObject() ?: return input
        val out = renameAliases(o, FIELD_ALIASES)
        for (relation in listOf("ancestor", "descendant")) {
            out[relation].asObject()?.let { out[relation] = renameAliases(it, FIELD_ALIASES) }
        }
        return out
    }

    /**
     * Validates a normalized matcher like the strict zod schema: known keys only,
     * string values of at most 512 characters, at least one nonblank field (or a
     * relationship); relationships are predicates with at least one nonblank field.
     */
    fun validate(value: Any?): NodeMatcher {
        val o = value.asObject() ?: throw SchemaIssue(emptyList(), "a matcher must be an object")
        scalars(o, emptyList())
        val ancestor = o["ancestor"]?.let { predicate(it, "ancestor") } ?: if (o.containsKey("ancestor")) throw SchemaIssue(listOf("ancestor"), "ancestor must be an object") else null
        val descendant = o["descendant"]?.let { predicate(it, "descendant") } ?: if (o.containsKey("descendant")) throw SchemaIssue(listOf("descendant"), "descendant must be an object") else null
        val unknown = o.keys.filter { it !in NodePredicate.SCALAR_FIELDS && it != "ancestor" && it != "descendant" }
        if (unknown.isNotEmpty()) throw SchemaIssue(emptyList(), "unrecognized keys", unknown)
        val self = NodePredicate.fromJson(o)
        if (!hasNonblank(o) && ancestor == null && descendant == null) {
            throw SchemaIssue(emptyList(), "a matcher requires at least one nonblank field or an ancestor/descendant predicate")
        }
        return NodeMatcher(self, ancestor, descendant)
    }

    private fun predicate(value: Any?, key: String): NodePredicate {
        val o = value.asObject() ?: throw SchemaIssue(listOf(key), "$key must be an object")
        scalars(o, listOf(key))
        val unknown = o.keys.filter { it !in NodePredicate.SCALAR_FIELDS }
        if (unknown.isNotEmpty()) throw SchemaIssue(listOf(key), "unrecognized keys", unknown)
        if (!hasNonblank(o)) throw SchemaIssue(listOf(key), "a selector predicate requires at least one nonblank field")
        return NodePredicate.fromJson(o)
    }

    private fun scalars(o: Map<String, Any?>, at: List<String>) {
        for (field in NodePredicate.SCALAR_FIELDS) {
            if (!o.containsKey(field)) continue
            val v = o[field] as? String ?: throw SchemaIssue(at + field, "$field must be a string")
            if (v.length > MAX_VALUE_LENGTH) throw SchemaIssue(at + field, "matcher values are at most $MAX_VALUE_LENGTH characters")
        }
    }

    private fun hasNonblank(o: Map<String, Any?>) = NodePredicate.SCALAR_FIELDS.any { (o[it] as? String)?.let { s -> !jsIsBlank(s) } == true }
}
