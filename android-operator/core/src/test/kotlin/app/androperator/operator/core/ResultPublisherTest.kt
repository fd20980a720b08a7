package app.androperator.operator.core

import org.junit.Assert.assertArrayEquals
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import java.io.ByteArrayOutputStream
import java.security.MessageDigest
import java.util.Base64

class ResultPublisherTest {
    private val lines = ArrayList<String>()
    private val pauses = ArrayList<Long>()
    private val publisher = ResultPublisher(Dialect.ANDROPERATOR, { lines.add(it) }, { pauses.add(it) })

    private fun envelopeWithText(n: Int, char: String = "x") =
        Envelope("cmd", "task", "success", listOf(StepResult("s", "snapshot", true, mapOf("text" to char.repeat(n)))), null, null)

    private fun chunkObjects(): List<Map<String, Any?>> = lines.map {
        assertTrue(it.startsWith("[Androperator-Result-Chunk] "))
        Json.parse(it.removePrefix("[Androperator-Result-Chunk] ")).asObject()!!
    }

    private fun reassemble(chunks: List<Map<String, Any?>>): ByteArray {
        val out = ByteArrayOutputStream()
        for (c in chunks) out.write(Base64.getDecoder().decode(c["data"] as String))
        return out.toByteArray()
    }

    @Test fun smallEnvelopeIsOneLine() {
        val e = envelopeWithText(10)
        publisher.publish(e)
        assertEquals(listOf("[Androperator-Result] " + e.toJsonString()), lines)
        assertTrue(pauses.isEmpty())
    }

    @Test fun lineOfExactly3000BytesIsNotChunked() {
        val base = ("[Androperator-Result] " + envelopeWithText(0).toJsonString()).toByteArray().size
        publisher.publish(envelopeWithText(3000 - base))
        assertEquals(1, lines.size)
        assertEquals(3000, lines[0].toByteArray().size)
    }

    @Test fun lineOf3001BytesIsChunked() {
        val base = ("[Androperator-Result] " + envelopeWithText(0).toJsonString()).toByteArray().size
        publisher.publish(envelopeWithText(3001 - base))
        val chunks = chunkObjects()
        assertEquals(3, chunks.size)
        assertEquals(3001.0, chunks[0]["byteLength"])
    }

    @Test fun chunksCarryConsecutive1024ByteSlicesOfTheWholeLine() {
        val e = envelopeWithText(5000)
        publisher.publish(e)
        val chunks = chunkObjects()
        val whole = ("[Androperator-Result] " + e.toJsonString()).toByteArray(Charsets.UTF_8)
        assertEquals(Math.ceil(whole.size / 1024.0).toInt(), chunks.size)
        chunks.forEachIndexed { i, c ->
            assertEquals(i.toDouble(), c["index"])
            assertEquals(chunks.size.toDouble(), c["count"])
            assertEquals("cmd", c["commandId"])
            assertEquals("task", c["taskId"])
        }
        assertArrayEquals(whole, reassemble(chunks))
        assertTrue(chunks.dropLast(1).all { Base64.getDecoder().decode(it["data"] as String).size == 1024 })
    }

    @Test fun sha256CoversTheWholeLineIncludingPrefix() {
        val e = envelopeWithText(4000)
        publisher.publish(e)
        val whole = ("[Androperator-Result] " + e.toJsonString()).toByteArray(Charsets.UTF_8)
        val expected = MessageDigest.getInstance("SHA-256").digest(whole).joinToString("") { String.format("%02x", it) }
        assertTrue(chunkObjects().all { it["sha256"] == expected })
    }

    @Test fun chunkKeysAreInWireOrder() {
        publisher.publish(envelopeWithText(4000))
        val keys = chunkObjects()[0].keys.toList()
        assertEquals(listOf("commandId", "taskId", "index", "count", "byteLength", "sha256", "data"), keys)
    }

    @Test fun chunksArePacedBetweenLines() {
        publisher.publish(envelopeWithText(5000))
        assertEquals(lines.size - 1, pauses.size)
        assertTrue(pauses.all { it == ResultPublisher.DEFAULT_PACE_MS })
    }

    @Test fun multiByteCharactersMaySplitAcrossChunksAndStillReassemble() {
        val e = envelopeWithText(3000, "é")
        publisher.publish(e)
        val whole = ("[Androperator-Result] " + e.toJsonString()).toByteArray(Charsets.UTF_8)
        assertEquals(String(whole, Charsets.UTF_8), String(reassemble(chunkObjects()), Charsets.UTF_8))
    }

    @Test fun clawperatorDialectLogsOneLineWhateverItsSize() {
        val claw = ResultPublisher(Dialect.CLAWPERATOR, { lines.add(it) }, { })
        claw.publish(envelopeWithText(5))
        claw.publish(envelopeWithText(5000))
        assertEquals(2, lines.size)
        assertTrue(lines.all { it.startsWith("[Clawperator-Result] {") })
    }

    @Test fun dialectIsFoundByBroadcastAction() {
        assertEquals(Dialect.ANDROPERATOR, Dialect.forAction("app.androperator.operator.ACTION_AGENT_COMMAND"))
        assertEquals(Dialect.CLAWPERATOR, Dialect.forAction("app.clawperator.operator.ACTION_AGENT_COMMAND"))
        assertEquals(null, Dialect.forAction("other"))
    }

    @Test fun everyChunkLineFitsALogcatEntry() {
        publisher.publish(envelopeWithText(20000))
        assertTrue(lines.all { it.toByteArray().size < 4000 })
    }
}
