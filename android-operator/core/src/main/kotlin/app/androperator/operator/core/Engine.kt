package app.androperator.operator.core

/** Thrown out of [ActionContext.sleep] when the command budget expires. */
class CommandTimeout(message: String) : RuntimeException(message)

/** Which readiness gates an action needs (seed 001:16, 003:3265-3274). */
data class ActionGates(val accessibility: Boolean, val interactive: Boolean) {
    companion object {
        val UI = ActionGates(accessibility = true, interactive = true)
        val BACKGROUND = ActionGates(accessibility = false, interactive = false)
    }
}

/** One action type: how Android reads its params and how it runs. */
abstract class ActionSpec<P>(val type: String, val gates: ActionGates) {
    abstract fun parse(params: ParamReader): P
    abstract fun run(ctx: ActionContext, step: StepIdentity, params: P): StepResult

    @Suppress("UNCHECKED_CAST")
    fun runErased(ctx: ActionContext, step: StepIdentity, params: Any?): StepResult = run(ctx, step, params as P)
}

/**
 * What an action sees while it runs. Receipt fields go into [evidence] as soon
 * as they are known, so a command timeout that interrupts the action still
 * reports what was dispatched (003:1770-1774).
 */
class ActionContext(
    val platform: Platform,
    val state: OperatorState,
    val previousType: String?,
    private val deadline: Long,
    private val timeoutMessage: String
) {
    val evidence = LinkedHashMap<String, String>()
    val startedAt: Long = platform.now()

    /** Waits device time; throws [CommandTimeout] when the command budget ends first. */
    fun sleep(ms: Long) {
        val left = deadline - platform.now()
        if (ms >= left) {
            if (left > 0) platform.sleep(left)
            throw CommandTimeout(timeoutMessage)
        }
        if (ms > 0) platform.sleep(ms)
    }
}

/** An execution as Android parses the broadcast's `payload` extra. */
class RawAction(val id: String, val type: String, val params: Any?)

class RawExecution(val commandId: String, val taskId: String, val timeoutMs: Long, val actions: List<RawAction>) {
    companion object {
        const val DEFAULT_TIMEOUT_MS = 30000L

        /**
         * Parses the payload; null means the Operator cannot answer (not JSON, no
         * nonblank commandId/taskId, no action list), like the real receiver, which
         * logs nothing it could be matched on. The budget is clamped to 1000..120000.
         */
        fun parse(payload: String): RawExecution? {
            val o = try { Json.parse(payload).asObject() } catch (e: Json.ParseException) { null } ?: return null
            val commandId = (o["commandId"] as? String)?.takeIf { !jsIsBlank(it) } ?: return null
            val taskId = (o["taskId"] as? String)?.takeIf { !jsIsBlank(it) } ?: return null
            val list = o["actions"].asArray() ?: return null
            val timeout = (o["timeoutMs"] as? Number)?.toDouble()?.takeIf { !it.isNaN() && !it.isInfinite() }
            val timeoutMs = if (timeout == null) DEFAULT_TIMEOUT_MS else clamp(timeout, 1000.0, 120000.0).toLong()
            val actions = list.mapIndexed { i, a ->
                val r = a.asObject() ?: emptyMap()
                RawAction(r["id"] as? String ?: "action-$i", r["type"] as? String ?: "", r["params"])
            }
            return RawExecution(commandId, taskId, timeoutMs, actions)
        }
    }
}

/**
 * Runs one execution and builds its envelope (seed 003:1630-1653); mirrors
 * src/virtual-device/operator/executor.ts. Order: resolve every action type,
 * parse every action's params (the whole command before any of it runs), check
 * readiness for the whole execution, then run the actions under the budget.
 */
class Engine(
    private val platform: Platform,
    val state: OperatorState,
    private val actions: Map<String, ActionSpec<*>> = Actions.ALL
) {
    fun execute(execution: RawExecution): Envelope {
        val c = execution.commandId
        val t = execution.taskId
        val specs = execution.actions.map { action ->
            actions[action.type] ?: return Envelope.build(c, t, emptyList(), ErrorCodes.EXECUTION_ACTION_UNSUPPORTED, "Unsupported action type: ${action.type}")
        }
        if (specs.isEmpty()) return Envelope.build(c, t, emptyList(), ErrorCodes.EXECUTION_VALIDATION_FAILED, "actions must not be empty")
        val parsed = try {
            execution.actions.mapIndexed { i, a -> specs[i].parse(ParamReader(a.id, a.type, a.params)) }
        } catch (e: ParamError) {
            return Envelope.build(c, t, emptyList(), e.code, e.message)
        }
        readinessFailure(execution, specs)?.let { return Envelope.build(c, t, emptyList(), it.first, it.second) }

        val timeoutMessage = "Command timed out after ${execution.timeoutMs} ms"
        val deadline = platform.now() + execution.timeoutMs
        val steps = ArrayList<StepResult>()
        for ((index, action) in execution.actions.withIndex()) {
            if (platform.now() >= deadline) return Envelope.build(c, t, steps, ErrorCodes.COMMAND_TIMEOUT, timeoutMessage)
            val step = StepIdentity(action.id, action.type)
            val ctx = ActionContext(platform, state, execution.actions.getOrNull(index - 1)?.type, deadline, timeoutMessage)
            try {
                steps.add(specs[index].runErased(ctx, step, parsed[index]))
            } catch (e: CommandTimeout) {
                steps.add(step.thrown(StepFailure(ErrorCodes.COMMAND_TIMEOUT, timeoutMessage, ctx.evidence)))
                return Envelope.build(c, t, steps, ErrorCodes.COMMAND_TIMEOUT, timeoutMessage)
            } catch (f: StepFailure) {
                steps.add(step.thrown(f))
                return Envelope.build(c, t, steps, f.code, f.message)
            } catch (e: RuntimeException) {
                val f = StepFailure(ErrorCodes.ACTION_FAILED, e.message ?: e.javaClass.simpleName, ctx.evidence)
                steps.add(step.thrown(f))
                return Envelope.build(c, t, steps, f.code, f.message)
            }
        }
        if (platform.now() >= deadline) return Envelope.build(c, t, steps, ErrorCodes.COMMAND_TIMEOUT, timeoutMessage)
        return Envelope.build(c, t, steps)
    }

    private fun readinessFailure(execution: RawExecution, specs: List<ActionSpec<*>>): Pair<String, String>? {
        val device = platform.deviceState()
        val onlyPing = execution.actions.all { it.type == "doctor_ping" }
        if (!device.userUnlocked && !onlyPing) return "DEVICE_USER_NOT_UNLOCKED" to "The Android user has not been unlocked since boot"
        if (specs.any { it.gates.accessibility } && !platform.accessibilityConnected()) {
            return ErrorCodes.SERVICE_UNAVAILABLE to "Accessibility service is not available"
        }
        if (specs.any { it.gates.interactive } && (!device.screenOn || device.deviceLocked)) {
            return "DEVICE_NOT_INTERACTIVE" to "Device is not ready for interactive automation"
        }
        return null
    }
}

/** Dispatch receipts (seed 003:1738-1786); mirrors src/virtual-device/operator/receipts.ts. */
object Receipts {
    fun noteDispatch(ctx: ActionContext, method: String, accepted: Boolean) {
        ctx.evidence["dispatch_method"] = method
        ctx.evidence["dispatch_accepted"] = accepted.toString()
    }

    fun elapsedMs(ctx: ActionContext): String = maxOf(0L, ctx.platform.now() - ctx.startedAt).toString()

    /** The evidence so far (or `none`/`false` before any dispatch) plus `elapsed_ms`. */
    fun receipt(ctx: ActionContext): LinkedHashMap<String, String> = LinkedHashMap(ctx.evidence).apply {
        put("dispatch_method", ctx.evidence["dispatch_method"] ?: "none")
        put("dispatch_accepted", ctx.evidence["dispatch_accepted"] ?: "false")
        put("elapsed_ms", elapsedMs(ctx))
    }

    fun pointJson(p: Point): String = Json.stringify(p.toJson())
}

/** Builds a string map in insertion order, skipping null values. */
fun data(vararg pairs: Pair<String, String?>): LinkedHashMap<String, String> {
    val out = LinkedHashMap<String, String>()
    for ((k, v) in pairs) if (v != null) out[k] = v
    return out
}
