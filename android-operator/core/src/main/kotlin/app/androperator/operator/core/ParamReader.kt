package app.androperator.operator.core

/**
 * Android-side reading of one action's `params` (AgentCommandParser): lenient
 * where Android is lenient (defaults, clamps), strict where the runtime must
 * refuse (missing required fields, unusable matchers). Mirrors
 * src/virtual-device/operator/params.ts; a refusal is a [ParamError].
 */
class ParamReader(val actionId: String, val actionType: String, raw: Any?) {
    val raw: Map<String, Any?> = raw.asObject() ?: emptyMap()

    fun fail(key: String, message: String): Nothing = throw ParamError(actionId, "params.$key", "$actionType $message")

    fun has(key: String): Boolean = raw[key] != null

    fun optionalString(key: String): String? {
        val value = raw[key] ?: return null
        return value as? String ?: fail(key, "params.$key must be a string")
    }

    /** A required string with at least one non-whitespace character. */
    fun requiredString(key: String): String {
        val value = optionalString(key)
        if (value == null || jsIsBlank(value)) fail(key, "requires params.$key")
        return value
    }

    /** Android's JSONObject.optBoolean also reads "true"/"false" strings. */
    fun boolean(key: String, fallback: Boolean): Boolean = when (val v = raw[key]) {
        is Boolean -> v
        "true" -> true
        "false" -> false
        else -> fallback
    }

    /** A finite number (numeric strings too) clamped to [min, max], or the fallback. */
    fun number(key: String, fallback: Double, min: Double, max: Double): Double {
        val value = raw[key]
        val numeric: Double? = when (value) {
            is Number -> value.toDouble()
            is String -> if (jsIsBlank(value)) null else jsNumber(value)
            else -> null
        }
        if (numeric == null || numeric.isNaN() || numeric.isInfinite()) return fallback
        return minOf(max, maxOf(min, numeric))
    }

    fun integer(key: String, fallback: Long, min: Long, max: Long): Long =
        truncate(number(key, fallback.toDouble(), min.toDouble(), max.toDouble()))

    /** A number that must be present and finite, not clamped. */
    fun requiredNumber(key: String): Double {
        val value = raw[key] as? Number ?: fail(key, "requires a numeric params.$key")
        val d = value.toDouble()
        if (d.isNaN() || d.isInfinite()) fail(key, "requires a numeric params.$key")
        return d
    }

    fun optionalMatcher(key: String): NodeMatcher? {
        if (!has(key)) return null
        return try {
            MatcherInput.validate(MatcherInput.normalize(raw[key]))
        } catch (e: SchemaIssue) {
            fail(key, "params.$key is not a usable NodeMatcher")
        }
    }

    fun requiredMatcher(key: String): NodeMatcher = optionalMatcher(key) ?: fail(key, "requires params.$key")

    /** `{ x, y }` with non-negative integer coordinates. */
    fun point(key: String): Point {
        val o = raw[key].asObject()
        val x = (o?.get("x") as? Number)?.toDouble()
        val y = (o?.get("y") as? Number)?.toDouble()
        if (x == null || y == null || !isInteger(x) || !isInteger(y) || x < 0 || y < 0) {
            fail(key, "requires params.$key as { x, y } non-negative integers")
        }
        return Point(x.toInt(), y.toInt())
    }

    /**
     * Reads the whole params object with the contract schema of [actionType], for the
     * actions whose Android ingress is as strict as Node's (notification and media
     * actions, seed 000:49-50). Returns the validated params.
     */
    fun schema(): Map<String, Any?> {
        val schema = PayloadValidation.paramsSchema(actionType) ?: return raw
        return try {
            schema.parse(raw, emptyList()).asObject() ?: emptyMap()
        } catch (issue: SchemaIssue) {
            val path = issue.path + issue.unrecognizedKeys.take(1)
            fail(path.joinToString(".").ifEmpty { "params" }, issue.message ?: "params are invalid")
        }
    }

    /** A sub-object (retry policies), or null. */
    fun obj(key: String): Map<String, Any?>? = raw[key].asObject()

    companion object {
        fun isInteger(d: Double) = !d.isNaN() && !d.isInfinite() && d == Math.floor(d)

        fun truncate(d: Double): Long = if (d < 0) Math.ceil(d).toLong() else Math.floor(d).toLong()

        /** JavaScript `Number(string)` for decimal literals (leading/trailing whitespace allowed). */
        fun jsNumber(s: String): Double? {
            val t = jsTrim(s)
            if (t.isEmpty()) return 0.0
            if (t == "Infinity" || t == "+Infinity") return Double.POSITIVE_INFINITY
            if (t == "-Infinity") return Double.NEGATIVE_INFINITY
            if (!Regex("""[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?""").matches(t)) return null
            return t.toDouble()
        }
    }
}

/** Retry policies (seed 003:1787-1812); mirrors src/virtual-device/operator/retry.ts. */
data class RetryPolicy(
    val maxAttempts: Double,
    val initialDelayMs: Double,
    val maxDelayMs: Double,
    val backoffMultiplier: Double,
    val jitterRatio: Double
) {
    /** Delay before retry number [retry] (1 = first retry): exponential from initialDelayMs, capped. */
    fun delayMs(retry: Int): Long = Math.round(minOf(maxDelayMs, initialDelayMs * Math.pow(backoffMultiplier, (retry - 1).toDouble())))

    val attempts: Int get() = maxAttempts.toInt()

    fun toJson(): Map<String, Any?> = obj(
        "maxAttempts" to maxAttempts, "initialDelayMs" to initialDelayMs, "maxDelayMs" to maxDelayMs,
        "backoffMultiplier" to backoffMultiplier, "jitterRatio" to jitterRatio
    )

    companion object {
        /**
         * The default profiles. The seeds name them without numbers; these are the
         * virtual Operator's values so both engines time out identically. Jitter is
         * accepted and clamped but not applied (deterministic retries).
         */
        val PROFILES: Map<String, RetryPolicy> = mapOf(
            "UiReadiness" to RetryPolicy(3.0, 250.0, 1000.0, 2.0, 0.0),
            "UiScroll" to RetryPolicy(3.0, 250.0, 1000.0, 2.0, 0.0),
            "AppLaunch" to RetryPolicy(3.0, 500.0, 2000.0, 2.0, 0.0),
            "AppClose" to RetryPolicy(2.0, 250.0, 500.0, 2.0, 0.0),
            "None" to RetryPolicy(1.0, 0.0, 0.0, 1.0, 0.0)
        )

        /**
         * Android's clamps: maxAttempts 1..10, initialDelayMs 0..30000, maxDelayMs
         * initialDelayMs..60000, backoffMultiplier 1.0..5.0, jitterRatio 0.0..1.0.
         */
        fun clamp(p: RetryPolicy): RetryPolicy {
            val initial = clamp(p.initialDelayMs, 0.0, 30000.0)
            return RetryPolicy(
                clamp(p.maxAttempts, 1.0, 10.0),
                initial,
                clamp(p.maxDelayMs, initial, 60000.0),
                clamp(p.backoffMultiplier, 1.0, 5.0),
                clamp(p.jitterRatio, 0.0, 1.0)
            )
        }

        /** Reads `params[key]` as a retry policy (missing fields from the profile), or the profile itself. */
        fun read(params: ParamReader, key: String, profile: String): RetryPolicy {
            val base = PROFILES.getValue(profile)
            val raw = params.obj(key) ?: return base
            fun num(k: String, fallback: Double): Double = (raw[k] as? Number)?.toDouble()?.takeIf { !it.isNaN() && !it.isInfinite() } ?: fallback
            val clamped = clamp(RetryPolicy(
                num("maxAttempts", base.maxAttempts), num("initialDelayMs", base.initialDelayMs), num("maxDelayMs", base.maxDelayMs),
                num("backoffMultiplier", base.backoffMultiplier), num("jitterRatio", base.jitterRatio)
            ))
            return clamped.copy(maxAttempts = ParamReader.truncate(clamped.maxAttempts).toDouble())
        }
    }
}

fun clamp(v: Double, lo: Double, hi: Double): Double = minOf(hi, maxOf(lo, v))
