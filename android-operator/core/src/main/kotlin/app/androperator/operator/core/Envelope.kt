package app.androperator.operator.core

/** One `stepResults[]` entry; `data` is a string map (seed 003:1735). */
class StepResult(val id: String, val actionType: String, val success: Boolean, val data: Map<String, String>) {
    fun toJson(): Map<String, Any?> = obj("id" to id, "actionType" to actionType, "success" to success, "data" to data)
}

/** The action a step result belongs to. */
class StepIdentity(val id: String, val type: String) {
    fun succeeded(data: Map<String, String> = emptyMap()) = StepResult(id, type, true, data)

    /** A failed step that lets later actions run: the code in `error` and `errorCode`, plus `message` (003:1776-1779). */
    fun returnedFailure(code: String, message: String, data: Map<String, String> = emptyMap()) =
        StepResult(id, type, false, LinkedHashMap(data).apply { put("error", code); put("errorCode", code); put("message", message) })

    /** The step recorded for a thrown failure: `errorCode` and the original message in `error` (003:1770-1774). */
    fun thrown(failure: StepFailure) =
        StepResult(id, type, false, LinkedHashMap(failure.data).apply { put("errorCode", failure.code); put("error", failure.message ?: failure.code) })
}

/** The result envelope the Operator logs as `[Androperator-Result] <json>` (seed 003:1472-1645). */
class Envelope(
    val commandId: String,
    val taskId: String,
    val status: String,
    val stepResults: List<StepResult>,
    val error: String?,
    val errorCode: String?
) {
    fun toJson(): Map<String, Any?> = obj(
        "commandId" to commandId,
        "taskId" to taskId,
        "status" to status,
        "stepResults" to stepResults.map { it.toJson() },
        "error" to error,
        "errorCode" to errorCode
    )

    fun toJsonString(): String = Json.stringify(toJson())

    companion object {
        /**
         * Status is `failed` when a terminal failure ended the run or any step failed.
         * For returned failures `error` names the first failed step the way Node
         * reconciliation does, and `errorCode` stays null (the run itself did not fail).
         */
        fun build(commandId: String, taskId: String, steps: List<StepResult>, terminalCode: String? = null, terminalMessage: String? = null): Envelope {
            if (terminalCode != null) return Envelope(commandId, taskId, "failed", steps, terminalMessage, terminalCode)
            val failed = steps.firstOrNull { !it.success }
                ?: return Envelope(commandId, taskId, "success", steps, null, null)
            val code = failed.data["errorCode"] ?: failed.data["error"] ?: ErrorCodes.ACTION_FAILED
            return Envelope(commandId, taskId, "failed", steps, "Step ${failed.id} (${failed.actionType}) failed: $code", null)
        }
    }
}
