package app.androperator.operator.core

import org.junit.Assert.assertEquals
import org.junit.Test
import org.junit.runner.RunWith
import org.junit.runners.Parameterized

/**
 * The encoder vectors of conformance/chunks/encode.json (format: its README):
 * the vector's envelope, published by [ResultPublisher], must give exactly the
 * vector's logcat messages. Decoding is the host's job, so decode.json runs
 * only in TypeScript. The pause seam records the pacing instead of sleeping.
 */
@RunWith(Parameterized::class)
class ChunkVectorsTest(@Suppress("unused") private val label: String, @Suppress("unused") private val file: Conformance.VectorFile, private val v: Map<String, Any?>) {
    companion object {
        @JvmStatic
        @Parameterized.Parameters(name = "{0}")
        fun vectors(): List<Array<Any>> = Conformance.parameters("chunks").filter { (it[1] as Conformance.VectorFile).file.name == "encode.json" }

    }

    private val dialect = Dialect.valueOf((v["dialect"] as String).uppercase())
    private val expected = v["messages"].asArray()!!.map { it as String }

    @Test
    fun publishesTheVectorMessages() {
        val logged = ArrayList<String>()
        val pauses = ArrayList<Long>()
        val publisher = ResultPublisher(dialect, { logged.add(it) }, { pauses.add(it) })
        val envelope = Conformance.envelope(v["envelope"].asObject()!!)
        assertEquals(v["line"], dialect.resultPrefix + " " + envelope.toJsonString())
        publisher.publish(envelope)
        assertEquals(expected, logged)
        assertEquals(List(expected.size - 1) { ResultPublisher.DEFAULT_PACE_MS }, pauses)
    }

    @Test
    fun encodesTheVectorLine() {
        val publisher = ResultPublisher(dialect, {}, {})
        assertEquals(expected, publisher.lines(v["commandId"] as String, v["taskId"] as String, v["line"] as String))
    }
}
