package app.androperator.operator.core

/** Error codes the engine raises in several places (seed 003 "Public Error Codes", "Runtime action diagnostics"). */
object ErrorCodes {
    const val EXECUTION_VALIDATION_FAILED = "EXECUTION_VALIDATION_FAILED"
    const val EXECUTION_ACTION_UNSUPPORTED = "EXECUTION_ACTION_UNSUPPORTED"
    const val UI_TREE_UNAVAILABLE = "UI_TREE_UNAVAILABLE"
    const val SNAPSHOT_HIERARCHY_UNAVAILABLE = "SNAPSHOT_HIERARCHY_UNAVAILABLE"
    const val WAIT_TIMEOUT = "WAIT_TIMEOUT"
    const val ACTION_FAILED = "ACTION_FAILED"
    const val COMMAND_TIMEOUT = "COMMAND_TIMEOUT"
    const val CONTAINER_LOST = "CONTAINER_LOST"
    const val NODE_AMBIGUOUS = "NODE_AMBIGUOUS"
    const val CONTAINER_AMBIGUOUS = "CONTAINER_AMBIGUOUS"
    const val NODE_NOT_FOUND = "NODE_NOT_FOUND"
    const val NODE_NOT_CLICKABLE = "NODE_NOT_CLICKABLE"
    const val CONTAINER_NOT_FOUND = "CONTAINER_NOT_FOUND"
    const val CONTAINER_NOT_SCROLLABLE = "CONTAINER_NOT_SCROLLABLE"
    const val GESTURE_FAILED = "GESTURE_FAILED"
    const val NAVIGATION_TIMEOUT = "NAVIGATION_TIMEOUT"
    const val PAYLOAD_TOO_LARGE = "PAYLOAD_TOO_LARGE"
    const val SERVICE_UNAVAILABLE = "SERVICE_UNAVAILABLE"
    const val UNSUPPORTED_RUNTIME_SCREENSHOT = "UNSUPPORTED_RUNTIME_SCREENSHOT"
    const val RECORDING_ALREADY_IN_PROGRESS = "RECORDING_ALREADY_IN_PROGRESS"
    const val RECORDING_NOT_IN_PROGRESS = "RECORDING_NOT_IN_PROGRESS"
}

/**
 * A thrown step failure: stops the sequence, keeps completed steps plus this
 * failed step, and sets the top-level `errorCode` (seed 003:1766-1773).
 * [data] is merged into the failed step's string data (receipts, candidates).
 */
open class StepFailure(
    val code: String,
    message: String,
    val data: Map<String, String> = emptyMap()
) : RuntimeException(message)

/** Android-side parameter refusal: an EXECUTION_VALIDATION_FAILED envelope before any action runs. */
class ParamError(val actionId: String, val path: String, message: String) : RuntimeException(message) {
    val code: String get() = ErrorCodes.EXECUTION_VALIDATION_FAILED
}
