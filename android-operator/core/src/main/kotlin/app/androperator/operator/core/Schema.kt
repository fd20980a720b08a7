package app.androperator.operator.core

/**
 * A small structural schema language with the semantics of the zod schemas of
 * src/contract (strict objects, optional fields, refinements, the first issue
 * in document order), so [PayloadValidation] reports the same offending path
 * as the Node boundary. `parse` returns the output value or throws [SchemaIssue].
 */
abstract class Schema {
    abstract fun parse(value: Any?, path: List<String>): Any?

    open val optional: Boolean get() = false

    fun optional(): Schema = Optional(this)

    fun refine(path: List<String> = emptyList(), message: String, check: (Any?) -> Boolean): Schema = Refined(this, path, message, check)

    private class Optional(val inner: Schema) : Schema() {
        override val optional get() = true
        override fun parse(value: Any?, path: List<String>) = inner.parse(value, path)
    }

    private class Refined(val inner: Schema, val at: List<String>, val message: String, val check: (Any?) -> Boolean) : Schema() {
        override val optional get() = inner.optional
        override fun parse(value: Any?, path: List<String>): Any? {
            val out = inner.parse(value, path)
            if (!check(out)) throw SchemaIssue(path + at, message)
            return out
        }
    }

    class RequiredParams(val inner: Schema) : Schema() {
        override fun parse(value: Any?, path: List<String>) = inner.parse(value, path)
    }

    companion object {
        fun issue(path: List<String>, message: String): Nothing = throw SchemaIssue(path, message)

        val string: Schema = object : Schema() {
            override fun parse(value: Any?, path: List<String>) = value as? String ?: issue(path, "expected string")
        }

        fun string(min: Int = 0, max: Int = Int.MAX_VALUE, nonblank: Boolean = false, extra: (String) -> String? = { null }): Schema = object : Schema() {
            override fun parse(value: Any?, path: List<String>): Any? {
                val s = value as? String ?: issue(path, "expected string")
                if (nonblank && jsIsBlank(s)) issue(path, "must not be blank")
                if (s.length < min || s.length > max) issue(path, "length out of range")
                extra(s)?.let { issue(path, it) }
                return s
            }
        }

        val boolean: Schema = object : Schema() {
            override fun parse(value: Any?, path: List<String>) = value as? Boolean ?: issue(path, "expected boolean")
        }

        /** A finite number; [int] also requires a safe integer (zod's `.int()`); [gt] is exclusive. */
        fun number(min: Double = Double.NEGATIVE_INFINITY, max: Double = Double.POSITIVE_INFINITY, int: Boolean = false, gt: Double? = null): Schema = object : Schema() {
            override fun parse(value: Any?, path: List<String>): Any? {
                val d = (value as? Number)?.toDouble() ?: issue(path, "expected number")
                if (d.isNaN() || d.isInfinite()) issue(path, "expected number")
                if (int && (!ParamReader.isInteger(d) || Math.abs(d) > 9007199254740991.0)) issue(path, "expected integer")
                if (gt != null && d <= gt) issue(path, "too small")
                if (d < min || d > max) issue(path, "out of range")
                return value
            }
        }

        fun intRange(min: Double, max: Double) = number(min, max, int = true)

        fun literal(expected: Any): Schema = object : Schema() {
            override fun parse(value: Any?, path: List<String>) = if (value == expected) value else issue(path, "expected $expected")
        }

        fun enumOf(vararg values: String): Schema = object : Schema() {
            override fun parse(value: Any?, path: List<String>) = if (value is String && value in values) value else issue(path, "expected one of ${values.joinToString()}")
        }

        /** A strict object: shape keys in order, then unknown keys; absent optional keys stay absent. */
        fun obj(vararg shape: Pair<String, Schema>): Schema = object : Schema() {
            override fun parse(value: Any?, path: List<String>): Any? {
                val o = value.asObject() ?: issue(path, "expected object")
                val out = LinkedHashMap<String, Any?>()
                for ((key, schema) in shape) {
                    if (!o.containsKey(key)) {
                        if (schema is RequiredParams) out[key] = schema.inner.parse(LinkedHashMap<String, Any?>(), path + key)
                        else if (!schema.optional) issue(path + key, "$key is required")
                        continue
                    }
                    out[key] = schema.parse(o[key], path + key)
                }
                val unknown = o.keys.filter { k -> shape.none { it.first == k } }
                if (unknown.isNotEmpty()) throw SchemaIssue(path, "unrecognized keys", unknown)
                return out
            }
        }

        fun array(item: Schema, min: Int, max: Int): Schema = object : Schema() {
            override fun parse(value: Any?, path: List<String>): Any? {
                val list = value.asArray() ?: issue(path, "expected array")
                val out = list.mapIndexed { i, v -> item.parse(v, path + i.toString()) }
                if (out.size < min || out.size > max) issue(path, "array length out of range")
                return out
            }
        }

        /** `z.preprocess(undefined → {})`: an omitted value is validated as an empty object. */
        fun requiredParams(inner: Schema): Schema = RequiredParams(inner)

        /** A schema that accepts anything and transforms it (output mapping after validation). */
        fun map(inner: Schema, transform: (Any?) -> Any?): Schema = object : Schema() {
            override val optional get() = inner.optional
            override fun parse(value: Any?, path: List<String>) = transform(inner.parse(value, path))
        }

        /** The NodeMatcher contract ([MatcherInput.validate]); output is the validated object. */
        val matcher: Schema = object : Schema() {
            override fun parse(value: Any?, path: List<String>): Any? {
                try {
                    MatcherInput.validate(value)
                } catch (e: SchemaIssue) {
                    throw SchemaIssue(path + e.path, e.message ?: "invalid matcher", e.unrecognizedKeys)
                }
                return value
            }
        }
    }
}
