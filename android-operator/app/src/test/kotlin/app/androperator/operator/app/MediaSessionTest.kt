package app.androperator.operator.app

import android.app.Application
import android.media.MediaMetadata
import android.media.session.MediaController
import android.media.session.MediaSession
import android.media.session.MediaSessionManager
import android.media.session.PlaybackState
import app.androperator.operator.core.asArray
import app.androperator.operator.core.asObject
import app.androperator.operator.core.obj
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Before
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.RuntimeEnvironment
import org.robolectric.Shadows.shadowOf

/**
 * A real MediaSession and its MediaController through MediaSessionManager, as
 * the enabled notification listener sees them (seed 000): list, status,
 * reports, and the transport controls.
 */
@RunWith(RobolectricTestRunner::class)
class MediaSessionTest {
    private val context: Application get() = RuntimeEnvironment.getApplication()
    private lateinit var session: MediaSession
    private lateinit var controller: MediaController
    private lateinit var source: SessionMediaSource

    private fun state(state: Int, position: Long, actions: Long = PlaybackState.ACTION_PLAY or PlaybackState.ACTION_PAUSE or PlaybackState.ACTION_SEEK_TO) =
        PlaybackState.Builder().setState(state, position, 1f).setActions(actions).setBufferedPosition(position + 5000).build()

    @Before
    fun setUp() {
        session = MediaSession(context, "player")
        controller = session.controller
        shadowOf(controller).setPackageName("com.player")
        shadowOf(controller).setPlaybackState(state(PlaybackState.STATE_PLAYING, 30_000))
        shadowOf(controller).setMetadata(MediaMetadata.Builder()
            .putString(MediaMetadata.METADATA_KEY_TITLE, "Song")
            .putString(MediaMetadata.METADATA_KEY_ARTIST, "Band")
            .putLong(MediaMetadata.METADATA_KEY_DURATION, 200_000)
            .build())
        shadowOf(context.getSystemService(MediaSessionManager::class.java)).addController(controller)
        source = SessionMediaSource(context)
    }

    @After
    fun tearDown() {
        session.release()
        RoboSupport.tearDown()
    }

    @Test
    fun listsTheActiveSessionWithItsMetadata() {
        val s = source.sessions().single()
        assertEquals("com.player", s.packageName)
        assertEquals(Triple("Song", "Band", 200_000L), Triple(s.title, s.artist, s.durationMs))
        assertEquals("playing", s.state)
        assertEquals(listOf("play", "pause", "seek"), s.supportedControls)
    }

    @Test
    fun readsPositionSpeedAndBufferFromThePlaybackState() {
        val s = source.sessions().single()
        assertEquals(30_000L, s.positionMs)
        assertEquals(1.0, s.playbackSpeed!!, 0.0)
        assertEquals(35_000L, s.bufferedPositionMs)
    }

    @Test
    fun aStoppedSessionIsNotListed() {
        shadowOf(controller).setPlaybackState(state(PlaybackState.STATE_STOPPED, 0))
        assertTrue(source.sessions().isEmpty())
    }

    @Test
    fun metadataWithoutADurationReportsNone() {
        shadowOf(controller).setMetadata(MediaMetadata.Builder().putString(MediaMetadata.METADATA_KEY_TITLE, "Live").build())
        val s = source.sessions().single()
        assertEquals("Live", s.title)
        assertNull(s.durationMs)
        assertNull(s.artist)
    }

    @Test
    fun playerReportsAreCountedFromTheControllerCallback() {
        val first = source.sessions().single()
        assertEquals(0L, first.reportSequence)
        shadowOf(controller).executeOnPlaybackStateChanged(state(PlaybackState.STATE_PAUSED, 31_000))
        shadowOf(controller).executeOnPlaybackStateChanged(state(PlaybackState.STATE_PAUSED, 31_000))
        RoboSupport.idleMain()
        val s = source.sessions().single()
        assertEquals(2L, s.reportSequence)
        assertEquals("paused", s.state)
        assertEquals(31_000L, s.positionMs)
    }

    @Test
    fun pauseGoesToTheSessionsTransportControls() {
        val id = source.sessions().single().sessionId
        assertTrue(source.control(id, "pause", null))
        assertEquals(PlaybackState.ACTION_PAUSE, shadowOf(controller.transportControls).lastPerformedAction)
    }

    @Test
    fun playGoesToTheSessionsTransportControls() {
        val id = source.sessions().single().sessionId
        assertTrue(source.control(id, "play", null))
        assertEquals(PlaybackState.ACTION_PLAY, shadowOf(controller.transportControls).lastPerformedAction)
    }

    @Test
    fun seekCarriesThePosition() {
        val id = source.sessions().single().sessionId
        assertTrue(source.control(id, "seek", 120_000))
        assertEquals(120_000L, shadowOf(controller.transportControls).seekToPositionMs)
        assertFalse(source.control(id, "seek", null))
    }

    @Test
    fun anUnknownSessionIdControlsNothing() {
        assertFalse(source.control("com.other#0", "pause", null))
    }

    @Test
    fun listMediaSessionsThroughTheReceiver() {
        RoboSupport.connectService()
        // Media sessions are readable by an enabled notification listener (seed 000).
        shadowOf(context.getSystemService(android.app.NotificationManager::class.java))
            .setNotificationListenerAccessGranted(android.content.ComponentName(context, OperatorNotificationListener::class.java), true)
        org.robolectric.Robolectric.setupService(OperatorNotificationListener::class.java).onListenerConnected()
        val envelope = RoboSupport.execute(context, "lm1", obj("id" to "l", "type" to "list_media_sessions"))
        assertEquals(envelope.toString(), "success", envelope["status"])
        val sessions = RoboSupport.stepPayload(envelope)["sessions"].asArray()!!
        assertEquals("com.player", sessions.single().asObject()!!["applicationId"])
    }
}
