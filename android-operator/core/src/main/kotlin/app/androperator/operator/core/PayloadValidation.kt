package app.androperator.operator.core

import java.nio.charset.StandardCharsets
import java.util.Locale

/** A payload refused at the Node boundary: EXECUTION_VALIDATION_FAILED or PAYLOAD_TOO_LARGE, with `details.path`. */
class PayloadRejected(val code: String, message: String, val path: String, val actionId: String?, val actionType: String?) : RuntimeException(message)

/**
 * Node-side payload validation and normalization (seed 003 "Execution Payload",
 * "Input Normalization", "Execution Limits", "Action Reference"), reproducing
 * `validateExecution` of src/contract/validate.ts: size limit, alias
 * normalization, then the strict schema; the first issue decides the path.
 * The Operator runs it on received payloads so a malformed command is refused
 * with the same path the host would report.
 */
object PayloadValidation {
    const val MAX_PAYLOAD_BYTES = 64000
    const val MAX_ACTIONS = 50
    const val MAX_ID_LENGTH = 128
    const val MAX_SOURCE_LENGTH = 64
    const val MAX_URI_LENGTH = 2048
    const val MAX_MATCHER_VALUE_LENGTH = 512

    val EXECUTION_KEY_ALIASES = listOf("command_id" to "commandId", "task_id" to "taskId", "expected_format" to "expectedFormat", "timeout_ms" to "timeoutMs")

    val PARAM_KEY_ALIASES = listOf(
        "package" to "applicationId", "package_id" to "applicationId", "application_id" to "applicationId", "app" to "applicationId",
        "app_id" to "applicationId", "url" to "uri", "selector" to "matcher", "node" to "matcher", "element" to "matcher",
        "value" to "text", "file" to "path", "filePath" to "path", "output_path" to "path", "expected_package" to "expectedPackage",
        "expected_node" to "expectedNode", "timeout_ms" to "timeoutMs", "skip_navigation_wait" to "skipNavigationWait",
        "navigation_timeout_ms" to "navigationTimeoutMs", "label_matcher" to "labelMatcher", "label_selector" to "labelMatcher",
        "session_id" to "sessionId", "duration_ms" to "durationMs", "click_type" to "clickType", "max_swipes" to "maxSwipes",
        "distance_ratio" to "distanceRatio", "settle_delay_ms" to "settleDelayMs", "max_scrolls" to "maxScrolls",
        "max_duration_ms" to "maxDurationMs", "no_position_change_threshold" to "noPositionChangeThreshold",
        "find_first_scrollable_child" to "findFirstScrollableChild", "click_after" to "clickAfter", "validator_pattern" to "validatorPattern"
    )
    val MATCHER_PARAM_KEYS = listOf("matcher", "container", "expectedNode", "labelMatcher")
    val ALIAS_FREE_ACTION_TYPES = listOf("show_toast", "cancel_toast", "set_on_screen_log", "clear_on_screen_log")

    /** The contract schema of one action type's `params`, for Android ingress that is as strict as Node's. */
    fun paramsSchema(type: String): Schema? = Schemas.params(type)

    /** Validates and normalizes; throws [PayloadRejected]. */
    fun validate(input: Any?): Map<String, Any?> {
        val bytes = Json.stringify(input).toByteArray(StandardCharsets.UTF_8).size
        if (bytes > MAX_PAYLOAD_BYTES) {
            throw PayloadRejected("PAYLOAD_TOO_LARGE", "payload is $bytes serialized bytes; the limit is $MAX_PAYLOAD_BYTES", "", null, null)
        }
        val o = input.asObject() ?: throw PayloadRejected(ErrorCodes.EXECUTION_VALIDATION_FAILED, "execution payload must be a JSON object", "", null, null)
        val normalized = normalize(o)
        try {
            @Suppress("UNCHECKED_CAST")
            return Schemas.execution.parse(normalized, emptyList()) as Map<String, Any?>
        } catch (issue: SchemaIssue) {
            val path = ArrayList(issue.path)
            if (issue.unrecognizedKeys.isNotEmpty()) path.add(issue.unrecognizedKeys[0])
            val action = if (path.size > 1 && path[0] == "actions") normalized["actions"].asArray()?.getOrNull(path[1].toIntOrNull() ?: -1).asObject() else null
            throw PayloadRejected(ErrorCodes.EXECUTION_VALIDATION_FAILED, issue.message ?: "invalid payload", path.joinToString("."),
                action?.get("id") as? String, action?.get("type") as? String)
        }
    }

    /** Renames top-level, action-type, parameter-key and matcher-field aliases (normalize-input.ts). */
    fun normalize(input: Map<String, Any?>): Map<String, Any?> {
        val out = renameAliases(input, EXECUTION_KEY_ALIASES)
        out["actions"].asArray()?.let { actions ->
            out["actions"] = actions.map { a ->
                val action = a.asObject() ?: return@map a
                val copy = LinkedHashMap(action)
                (copy["type"] as? String)?.let { copy["type"] = ActionTypes.canonical(it) }
                val params = copy["params"].asObject()
                if (params != null && copy["type"] !in ALIAS_FREE_ACTION_TYPES) {
                    val p = renameAliases(params, PARAM_KEY_ALIASES)
                    for (key in MATCHER_PARAM_KEYS) if (p.containsKey(key)) p[key] = MatcherInput.normalize(p[key])
                    copy["params"] = p
                }
                copy
            }
        }
        return out
    }
}

/** Canonical action types and the input aliases of seed 003 "Canonical Types And Input Aliases". */
object ActionTypes {
    val ALIASES = mapOf(
        "open_url" to "open_uri", "tap" to "click", "press" to "click", "wait_for" to "wait_for_node", "find" to "wait_for_node",
        "find_node" to "wait_for_node", "read" to "read_text", "snapshot_ui" to "snapshot", "screenshot" to "take_screenshot",
        "capture_screenshot" to "take_screenshot", "type_text" to "enter_text", "text_entry" to "enter_text",
        "input_text" to "enter_text", "key_press" to "press_key", "on_screen_log_set" to "set_on_screen_log",
        "on_screen_log_clear" to "clear_on_screen_log"
    )

    fun canonical(type: String): String = ALIASES[type] ?: type
}

/** The action schemas of src/contract/actions, field by field. */
private object Schemas {
    private val matcher = Schema.matcher
    private val retry = Schema.obj(
        "maxAttempts" to Schema.number().optional(), "initialDelayMs" to Schema.number().optional(),
        "maxDelayMs" to Schema.number().optional(), "backoffMultiplier" to Schema.number().optional(),
        "jitterRatio" to Schema.number().optional()
    )
    private val strict = Schema.boolean
    private fun nonblank(max: Int = Int.MAX_VALUE) = Schema.string(max = max, nonblank = true)
    private val applicationId = nonblank()
    private val direction = Schema.enumOf("down", "up", "left", "right")
    private val clickType = Schema.enumOf("default", "long_click", "focus")
    private val clickCoordinate = Schema.obj("x" to Schema.number(min = 0.0, int = true), "y" to Schema.number(min = 0.0, int = true))
    private val gesturePoint = Schema.obj("x" to Schema.intRange(0.0, 2147483647.0), "y" to Schema.intRange(0.0, 2147483647.0))
    private val noParams = Schema.obj().optional()

    private fun m(value: Any?) = value.asObject()!!
    private val paramSchemas = HashMap<String, Schema>()

    fun params(type: String): Schema? = paramSchemas[type]

    private fun action(type: String, params: Schema): Pair<String, Schema> {
        paramSchemas[type] = if (params is Schema.RequiredParams) params.inner else params
        return actionSchema(type, params)
    }

    private fun actionSchema(type: String, params: Schema) = type to Schema.obj("id" to Schema.string(1, PayloadValidation.MAX_ID_LENGTH), "type" to Schema.literal(type), "params" to params)

    private val click = Schema.obj(
        "matcher" to matcher.optional(), "coordinate" to clickCoordinate.optional(), "clickType" to clickType.optional(),
        "container" to matcher.optional(), "strict" to strict.optional(), "retry" to retry.optional()
    ).refine(message = "click requires exactly one of params.matcher or params.coordinate") { (m(it)["matcher"] != null) != (m(it)["coordinate"] != null) }
        .refine(listOf("coordinate"), "coordinate click cannot use strict or container") { m(it)["coordinate"] == null || (m(it)["strict"] == null && m(it)["container"] == null) }
        .refine(listOf("clickType"), "click params.coordinate does not support clickType='focus'") { m(it)["coordinate"] == null || m(it)["clickType"] != "focus" }

    private val readText = Schema.obj(
        "matcher" to matcher, "all" to Schema.boolean.optional(), "container" to matcher.optional(),
        "validator" to Schema.string.optional(), "validatorPattern" to Schema.string.optional(),
        "strict" to strict.optional(), "retry" to retry.optional()
    ).refine(listOf("validatorPattern"), "read_text with validator='regex' requires a valid params.validatorPattern") {
        val p = m(it)
        if (p["validator"] != "regex") true else {
            val pattern = p["validatorPattern"] as? String
            pattern != null && !jsIsBlank(pattern) && try { Regex(pattern); true } catch (e: IllegalArgumentException) { false }
        }
    }

    private val distanceRatio = Schema.number(0.0, 1.0)
    private val settleDelayMs = Schema.number(0.0, 10000.0)

    private val actions: Map<String, Schema> = mapOf(
        action("click", Schema.requiredParams(click)),
        action("enter_text", Schema.requiredParams(Schema.obj(
            "matcher" to matcher, "text" to nonblank(), "clear" to Schema.boolean.optional(), "submit" to Schema.boolean.optional(),
            "container" to matcher.optional(), "strict" to strict.optional(), "retry" to retry.optional()))),
        action("read_text", Schema.requiredParams(readText)),
        action("read_key_value_pair", Schema.requiredParams(Schema.obj("labelMatcher" to matcher, "all" to Schema.boolean.optional(), "retry" to retry.optional()))),
        action("wait_for_node", Schema.requiredParams(Schema.obj(
            "matcher" to matcher, "timeoutMs" to Schema.number().optional(), "container" to matcher.optional(),
            "strict" to strict.optional(), "retry" to retry.optional()))),
        action("wait_for_navigation", Schema.requiredParams(Schema.obj(
            "expectedPackage" to nonblank(PayloadValidation.MAX_MATCHER_VALUE_LENGTH).optional(), "expectedNode" to matcher.optional(),
            "timeoutMs" to Schema.number(max = 30000.0, gt = 0.0)
        ).refine(message = "wait_for_navigation requires at least one of params.expectedPackage or params.expectedNode") { m(it)["expectedPackage"] != null || m(it)["expectedNode"] != null })),
        action("scroll", Schema.obj(
            "direction" to direction.optional(), "container" to matcher.optional(), "distanceRatio" to distanceRatio.optional(),
            "settleDelayMs" to settleDelayMs.optional(), "findFirstScrollableChild" to Schema.boolean.optional(),
            "strict" to strict.optional(), "retry" to retry.optional()).optional()),
        action("scroll_until", Schema.obj(
            "direction" to direction.optional(), "matcher" to matcher.optional(), "container" to matcher.optional(),
            "clickAfter" to Schema.boolean.optional(), "distanceRatio" to distanceRatio.optional(), "settleDelayMs" to settleDelayMs.optional(),
            "maxScrolls" to Schema.intRange(1.0, 200.0).optional(), "maxDurationMs" to Schema.number(0.0, 120000.0).optional(),
            "noPositionChangeThreshold" to Schema.intRange(1.0, 20.0).optional(), "findFirstScrollableChild" to Schema.boolean.optional(),
            "clickType" to clickType.optional(), "strict" to strict.optional()
        ).refine(listOf("matcher"), "scroll_until params.clickAfter=true requires params.matcher") { m(it)["clickAfter"] != true || m(it)["matcher"] != null }.optional()),
        action("scroll_and_click", Schema.requiredParams(Schema.obj(
            "matcher" to matcher, "direction" to direction.optional(), "container" to matcher.optional(), "clickAfter" to Schema.boolean.optional(),
            "maxSwipes" to Schema.number(int = true).optional(), "distanceRatio" to Schema.number().optional(),
            "settleDelayMs" to Schema.number().optional(), "findFirstScrollableChild" to Schema.boolean.optional(),
            "clickType" to clickType.optional(), "strict" to strict.optional(), "scrollRetry" to retry.optional(), "clickRetry" to retry.optional()))),
        action("swipe", Schema.requiredParams(Schema.obj("start" to gesturePoint, "end" to gesturePoint, "durationMs" to Schema.intRange(1.0, 10000.0))
            .refine(listOf("end"), "end must differ from start") { m(it)["start"] != m(it)["end"] })),
        action("drag", Schema.requiredParams(Schema.obj("start" to gesturePoint, "end" to gesturePoint,
            "holdDurationMs" to Schema.intRange(1.0, 10000.0), "moveDurationMs" to Schema.intRange(1.0, 10000.0))
            .refine(listOf("end"), "end must differ from start") { m(it)["start"] != m(it)["end"] })),
        action("press_key", Schema.requiredParams(Schema.obj(
            "key" to Schema.string(extra = { if (jsTrim(it).lowercase(Locale.ROOT) in listOf("back", "home", "recents")) null else "key must be one of: back, home, recents" }),
            "retry" to retry.optional()))),
        action("snapshot", Schema.obj("retry" to retry.optional()).optional()),
        action("take_screenshot", Schema.obj("path" to nonblank().optional(), "retry" to retry.optional()).optional()),
        action("query_ui", Schema.obj("matcher" to matcher.optional(), "visibility" to Schema.enumOf("on_screen", "all").optional(),
            "limit" to Schema.intRange(1.0, 1000.0).optional()).optional()),
        action("open_app", Schema.requiredParams(Schema.obj("applicationId" to applicationId, "skipNavigationWait" to Schema.boolean.optional(),
            "navigationTimeoutMs" to Schema.intRange(1000.0, 120000.0).optional(), "retry" to retry.optional()))),
        action("open_uri", Schema.requiredParams(Schema.obj("uri" to nonblank(PayloadValidation.MAX_URI_LENGTH), "retry" to retry.optional()))),
        action("close_app", Schema.requiredParams(Schema.obj("applicationId" to applicationId, "retry" to retry.optional()))),
        action("start_recording", Schema.obj("sessionId" to nonblank().optional(), "retry" to retry.optional()).optional()),
        action("stop_recording", Schema.obj("sessionId" to nonblank().optional(), "retry" to retry.optional()).optional()),
        action("sleep", Schema.requiredParams(Schema.obj("durationMs" to Schema.number(0.0, 120000.0), "retry" to retry.optional()))),
        action("doctor_ping", noParams),
        action("show_toast", Schema.requiredParams(Schema.obj("text" to overlayText(false), "duration" to Schema.enumOf("short", "long").optional()))),
        action("cancel_toast", noParams),
        action("set_on_screen_log", Schema.requiredParams(Schema.obj(
            "text" to overlayText(true).optional(),
            "template" to Schema.map(overlayText(true).refine(message = "invalid template") { Overlay.templateProblem(it as String) == null }) { it }.optional(),
            "anchor" to Schema.enumOf("left", "right").optional(), "textAlign" to Schema.enumOf("left", "right").optional(),
            "topOffsetDp" to Schema.intRange(0.0, 1000.0).optional(), "edgeOffsetDp" to Schema.intRange(0.0, 1000.0).optional(),
            "widthDp" to Schema.intRange(80.0, 600.0).optional(), "fontSizeSp" to Schema.intRange(8.0, 24.0).optional(),
            "textColor" to color().optional(), "backgroundColor" to color().optional(), "ttlMs" to Schema.intRange(1000.0, 3600000.0).optional()
        ).refine(listOf("text"), "set_on_screen_log requires params.text or params.template") { m(it)["text"] != null || m(it)["template"] != null }
            .refine(listOf("template"), "set_on_screen_log params.text and params.template are mutually exclusive") { m(it)["text"] == null || m(it)["template"] == null })),
        action("clear_on_screen_log", noParams),
        action("list_notifications", listing().optional()),
        action("dismiss_notification", Schema.requiredParams(Schema.obj("notificationKey" to nonblank(4096), "waitTimeoutMs" to Schema.intRange(0.0, 30000.0).optional()))),
        action("invoke_notification_action", Schema.requiredParams(Schema.obj("notificationKey" to nonblank(4096), "actionId" to nonblank(128)))),
        action("list_media_sessions", listing().optional()),
        action("get_media_status", Schema.requiredParams(media())),
        action("observe_media", Schema.requiredParams(media("durationMs" to Schema.intRange(1.0, 30000.0)))),
        action("media_pause", Schema.requiredParams(media("waitTimeoutMs" to Schema.intRange(0.0, 30000.0).optional()))),
        action("media_play", Schema.requiredParams(media("waitTimeoutMs" to Schema.intRange(0.0, 30000.0).optional()))),
        action("media_seek", Schema.requiredParams(media(
            "positionMs" to Schema.intRange(0.0, 9007199254740991.0), "waitTimeoutMs" to Schema.intRange(0.0, 30000.0).optional(),
            "positionToleranceMs" to Schema.intRange(0.0, 60000.0).optional())))
    )

    private fun listing() = Schema.obj("applicationId" to nonblank(512).optional(), "limit" to Schema.intRange(1.0, 100.0).optional(),
        "maxTextChars" to Schema.intRange(1.0, 1024.0).optional())

    private fun media(vararg extra: Pair<String, Schema>) = Schema.obj(
        "applicationId" to nonblank(512).optional(), "mediaSessionId" to nonblank(128).optional(), *extra
    ).refine(listOf("mediaSessionId"), "Provide exactly one of applicationId or mediaSessionId") { (m(it)["applicationId"] != null) != (m(it)["mediaSessionId"] != null) }

    private val WHITESPACE_ONLY = Regex("^[\\u0009-\\u000D\\u0020\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF]*$")
    private val FORBIDDEN_CONTROL = Regex("[\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F]")
    private val COLOR = Regex("^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?$")

    private fun overlayText(panel: Boolean) = Schema.string(1, 2048, extra = {
        when {
            WHITESPACE_ONLY.matches(it) -> "must include a non-whitespace character"
            panel && FORBIDDEN_CONTROL.containsMatchIn(it) -> "contains a control character other than LF or TAB"
            else -> null
        }
    })

    /** `#RRGGBB` / `#AARRGGBB`, normalized to upper-case `#AARRGGBB`. */
    private fun color() = Schema.map(Schema.string(extra = { if (COLOR.matches(it)) null else "must be exactly #RRGGBB or #AARRGGBB" })) {
        val upper = (it as String).uppercase(Locale.ROOT)
        if (upper.length == 7) "#FF" + upper.substring(1) else upper
    }

    /** The discriminated union on `type`: an unknown type is reported at `actions.N.type`. */
    private val executionAction = object : Schema() {
        override fun parse(value: Any?, path: List<String>): Any? {
            val o = value.asObject() ?: issue(path, "expected object")
            val schema = actions[o["type"] as? String] ?: issue(path + "type", "unsupported action type ${Json.stringify(o["type"])}")
            return schema.parse(value, path)
        }
    }

    val execution = Schema.obj(
        "commandId" to Schema.string(1, PayloadValidation.MAX_ID_LENGTH),
        "taskId" to Schema.string(1, PayloadValidation.MAX_ID_LENGTH),
        "source" to Schema.string(1, PayloadValidation.MAX_SOURCE_LENGTH),
        "expectedFormat" to Schema.literal("android-ui-automator"),
        "timeoutMs" to Schema.number(1000.0, 120000.0),
        "actions" to Schema.array(executionAction, 1, PayloadValidation.MAX_ACTIONS),
        "mode" to Schema.enumOf("artifact_compiled", "direct").optional()
    )
}
