package app.androperator.operator.core

import java.nio.charset.StandardCharsets
import java.security.MessageDigest
import java.util.Base64

/**
 * Ingress action and logcat prefixes of one Operator dialect (brief: "Results", "clawperator dialect";
 * src/contract/dialect.ts). `chunkPrefix` is null for a dialect whose released Operator never chunks.
 */
enum class Dialect(val action: String, val resultPrefix: String, val chunkPrefix: String?) {
    ANDROPERATOR(
        "app.androperator.operator.ACTION_AGENT_COMMAND",
        "[Androperator-Result]",
        "[Androperator-Result-Chunk]"
    ),
    CLAWPERATOR(
        "app.clawperator.operator.ACTION_AGENT_COMMAND",
        "[Clawperator-Result]",
        null
    );

    companion object {
        fun forAction(action: String?): Dialect? = values().firstOrNull { it.action == action }
    }
}

/**
 * Turns an envelope into the logcat lines of the brief: one `<prefix> <json>`
 * line, or when that line is over 3000 UTF-8 bytes, paced chunk lines
 * `<chunkPrefix> {"commandId","taskId","index","count","byteLength","sha256","data"}`
 * carrying base64 of consecutive 1024-byte slices of the whole original line;
 * `sha256` (hex) covers the whole line including its prefix.
 */
class ResultPublisher(
    private val dialect: Dialect,
    private val sink: (String) -> Unit,
    private val pause: (Long) -> Unit,
    private val paceMs: Long = DEFAULT_PACE_MS
) {
    fun publish(envelope: Envelope) {
        for ((i, line) in lines(envelope).withIndex()) {
            if (i > 0) pause(paceMs)
            sink(line)
        }
    }

    fun lines(envelope: Envelope): List<String> =
        lines(envelope.commandId, envelope.taskId, dialect.resultPrefix + " " + envelope.toJsonString())

    fun lines(commandId: String, taskId: String, line: String): List<String> {
        val bytes = line.toByteArray(StandardCharsets.UTF_8)
        val chunkPrefix = dialect.chunkPrefix
        if (chunkPrefix == null || bytes.size <= THRESHOLD_BYTES) return listOf(line)
        val sha = sha256Hex(bytes)
        val count = (bytes.size + SLICE_BYTES - 1) / SLICE_BYTES
        val encoder = Base64.getEncoder()
        return (0 until count).map { index ->
            val from = index * SLICE_BYTES
            val slice = bytes.copyOfRange(from, minOf(from + SLICE_BYTES, bytes.size))
            chunkPrefix + " " + Json.stringify(obj(
                "commandId" to commandId,
                "taskId" to taskId,
                "index" to index,
                "count" to count,
                "byteLength" to bytes.size,
                "sha256" to sha,
                "data" to encoder.encodeToString(slice)
            ))
        }
    }

    companion object {
        const val THRESHOLD_BYTES = 3000
        const val SLICE_BYTES = 1024
        /** Pause between chunk lines so logd does not drop a burst (brief: "paced lines"). */
        const val DEFAULT_PACE_MS = 5L

        fun sha256Hex(bytes: ByteArray): String =
            MessageDigest.getInstance("SHA-256").digest(bytes).joinToString("") { String.format("%02x", it) }
    }
}
