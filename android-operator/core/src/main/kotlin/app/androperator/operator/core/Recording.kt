package app.androperator.operator.core

/**
 * `start_recording` / `stop_recording` (seed 003:3125-3183, 11741-11875): one
 * recording per Operator process, NDJSON (a `recording_header` line, then
 * events) under the Operator's external files directory. Mirrors actions/recording.ts.
 */
object Recording {
    private val SESSION_ID = Regex("^[a-zA-Z0-9_-]+$")

    private fun dir(packageName: String) = "/sdcard/Android/data/$packageName/files/recordings"

    private fun sessionId(params: ParamReader): String? {
        val id = params.optionalString("sessionId")
        if (id != null && jsIsBlank(id)) params.fail("sessionId", "params.sessionId must not be blank")
        RetryPolicy.read(params, "retry", "None")
        return id
    }

    /** Appends an event (`ts`, `seq`, `type` first) to the active recording, if any. */
    fun event(ctx: ActionContext, type: String, fields: Map<String, Any?>) {
        val r = ctx.state.recording ?: return
        val line = LinkedHashMap<String, Any?>()
        line["ts"] = ctx.platform.wallTime()
        line["seq"] = r.nextSeq++
        line["type"] = type
        line.putAll(fields)
        r.lines.add(Json.stringify(line))
    }

    fun click(ctx: ActionContext, o: Observation, node: UiNode) = event(ctx, "click", obj(
        "packageName" to (o.capture.foregroundPackage ?: ""),
        "resourceId" to node.resourceId,
        "text" to node.text,
        "contentDesc" to node.contentDesc,
        "bounds" to (node.bounds ?: Bounds(0, 0, 0, 0)).toJson()
    ))

    val start = object : ActionSpec<String?>("start_recording", ActionGates.UI) {
        override fun parse(params: ParamReader) = sessionId(params)

        override fun run(ctx: ActionContext, step: StepIdentity, params: String?): StepResult {
            ctx.state.recording?.let {
                return step.returnedFailure(ErrorCodes.RECORDING_ALREADY_IN_PROGRESS, "Recording is already in progress",
                    data("sessionId" to it.sessionId, "filePath" to it.filePath))
            }
            val id = params ?: "record-${ctx.platform.wallTime()}"
            if (!SESSION_ID.matches(id)) return step.returnedFailure("RECORDING_START_FAILED", "sessionId must match ^[a-zA-Z0-9_-]+$")
            val path = "${dir(ctx.state.packageName)}/$id.ndjson"
            val header = Json.stringify(obj("type" to "recording_header", "schemaVersion" to 1, "sessionId" to id,
                "startedAt" to ctx.platform.wallTime(), "operatorPackage" to ctx.state.packageName))
            ctx.state.recording = RecordingState(id, path, mutableListOf(header), 0)
            ctx.platform.writeFile(path, header + "\n")
            return step.succeeded(data("sessionId" to id, "filePath" to path))
        }
    }

    val stop = object : ActionSpec<String?>("stop_recording", ActionGates.UI) {
        override fun parse(params: ParamReader) = sessionId(params)

        override fun run(ctx: ActionContext, step: StepIdentity, params: String?): StepResult {
            val active = ctx.state.recording
            if (active == null || (params != null && params != active.sessionId)) {
                return step.returnedFailure(ErrorCodes.RECORDING_NOT_IN_PROGRESS, "Recording is not in progress")
            }
            ctx.state.recording = null
            ctx.platform.writeFile(active.filePath, active.lines.joinToString("\n") + "\n")
            ctx.platform.writeFile("${dir(ctx.state.packageName)}/latest", active.sessionId + "\n")
            return step.succeeded(data("sessionId" to active.sessionId, "filePath" to active.filePath,
                "eventCount" to (active.lines.size - 1).toString()))
        }
    }
}
