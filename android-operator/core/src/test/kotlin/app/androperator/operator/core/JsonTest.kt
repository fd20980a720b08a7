package app.androperator.operator.core

import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.junit.Test

class JsonTest {
    @Test fun parsesNestedValues() {
        val v = Json.parse("""{"a":[1,2.5,"x",true,null],"b":{"c":-3e2}}""").asObject()!!
        assertEquals(listOf(1.0, 2.5, "x", true, null), v["a"])
        assertEquals(-300.0, v["b"].asObject()!!["c"])
    }

    @Test fun duplicateKeysKeepFirstPositionLastValue() {
        assertEquals("""{"a":3,"b":2}""", Json.stringify(Json.parse("""{"a":1,"b":2,"a":3}""")))
    }

    @Test fun formatsNumbersLikeJavaScript() {
        assertEquals("1", Json.formatNumber(1.0))
        assertEquals("0.7", Json.formatNumber(0.7))
        assertEquals("-0.25", Json.formatNumber(-0.25))
        assertEquals("1e+21", Json.formatNumber(1e21))
        assertEquals("100000000000000000000", Json.formatNumber(1e20))
        assertEquals("1e-7", Json.formatNumber(1e-7))
        assertEquals("0.000001", Json.formatNumber(1e-6))
        assertEquals("1.5e-7", Json.formatNumber(1.5e-7))
        assertEquals("123456789012", Json.formatNumber(123456789012.0))
        assertEquals("0", Json.formatNumber(-0.0))
        assertEquals("null", Json.formatNumber(Double.NaN))
    }

    @Test fun quotesLikeJsonStringify() {
        assertEquals("\"a\\\"b\\\\c\\n\\u0001\u00e9\"", Json.stringify("a\"b\\c\n\u0001\u00e9"))
        assertEquals("\"\\ud800\"", Json.stringify("\ud800"))
        assertEquals("\"\ud83d\ude00\"", Json.stringify("\ud83d\ude00"))
        assertEquals("\"</\"", Json.stringify("</"))
    }

    @Test fun roundTripsUnicodeEscapes() {
        assertEquals("é\n", Json.parse("\"\\u00e9\\n\""))
    }

    @Test fun rejectsMalformedInput() {
        for (bad in listOf("{", "[1,]", "{\"a\" 1}", "01", "-", "1.", "01x", "\"\u0001\"", "tru", "1 2", "")) {
            try {
                Json.parse(bad)
                fail("accepted $bad")
            } catch (e: Json.ParseException) {
                assertTrue(e.message!!.isNotEmpty())
            }
        }
    }

    @Test fun skipsUndefinedMembers() {
        assertEquals("""{"a":1}""", Json.stringify(obj("a" to 1, "b" to Json.Undefined)))
        assertNull(Json.parse("null"))
    }
}
