package app.androperator.operator.app

import android.content.ComponentName
import android.content.Context
import android.media.session.MediaController
import android.media.session.MediaSessionManager
import android.media.session.PlaybackState
import android.media.MediaMetadata
import android.os.Handler
import android.os.Looper
import android.os.SystemClock
import app.androperator.operator.core.MediaSession
import app.androperator.operator.core.MediaSource
import java.util.concurrent.ConcurrentHashMap

/**
 * Media sessions through MediaSessionManager.getActiveSessions, allowed because
 * the Operator is an enabled notification listener. A MediaController.Callback
 * per session counts original playback-state reports (the evidence of seed 000).
 */
class SessionMediaSource(private val context: Context) : MediaSource {
    private val component = ComponentName(context, OperatorNotificationListener::class.java)
    private val main = Handler(Looper.getMainLooper())
    private val reports = ConcurrentHashMap<String, Report>()
    private val callbacks = ConcurrentHashMap<String, MediaController.Callback>()

    private class Report(val sequence: Long, val receivedElapsedMs: Long, val state: PlaybackState?)

    private fun controllers(): List<MediaController> {
        val manager = context.getSystemService(Context.MEDIA_SESSION_SERVICE) as MediaSessionManager
        return try {
            manager.getActiveSessions(component)
        } catch (e: SecurityException) {
            emptyList()
        }
    }

    /** A stable id for a session within this process: tokens compare (and hash) by their session binder. */
    private fun idOf(controller: MediaController) = "${controller.packageName}#${Integer.toHexString(controller.sessionToken.hashCode())}"

    private fun track(id: String, controller: MediaController) {
        if (callbacks.containsKey(id)) return
        val callback = object : MediaController.Callback() {
            override fun onPlaybackStateChanged(state: PlaybackState?) {
                val previous = reports[id]?.sequence ?: 0L
                reports[id] = Report(previous + 1, SystemClock.elapsedRealtime(), state)
            }

            override fun onSessionDestroyed() {
                callbacks.remove(id)
                reports.remove(id)
            }
        }
        callbacks[id] = callback
        controller.registerCallback(callback, main)
    }

    override fun sessions(): List<MediaSession> = controllers().filter { it.playbackState?.isActiveState() != false }.map { c ->
        val id = idOf(c)
        track(id, c)
        val report = reports[id]
        val state = report?.state ?: c.playbackState
        val metadata = c.metadata
        val duration = metadata?.getLong(MediaMetadata.METADATA_KEY_DURATION)?.takeIf { metadata.containsKey(MediaMetadata.METADATA_KEY_DURATION) }
        MediaSession(
            sessionId = id,
            packageName = c.packageName,
            title = metadata?.getString(MediaMetadata.METADATA_KEY_TITLE),
            artist = metadata?.getString(MediaMetadata.METADATA_KEY_ARTIST),
            durationMs = duration,
            state = stateName(state?.state),
            supportedControls = controls(state?.actions ?: 0L),
            reportSequence = report?.sequence ?: 0L,
            reportReceivedElapsedMs = report?.receivedElapsedMs,
            positionMs = state?.position,
            positionUpdatedElapsedMs = state?.lastPositionUpdateTime,
            playbackSpeed = state?.playbackSpeed?.toDouble(),
            bufferedPositionMs = state?.bufferedPosition,
            playbackType = when (c.playbackInfo?.playbackType) {
                MediaController.PlaybackInfo.PLAYBACK_TYPE_LOCAL -> "local"
                MediaController.PlaybackInfo.PLAYBACK_TYPE_REMOTE -> "remote"
                else -> "unknown"
            }
        )
    }

    override fun control(sessionId: String, control: String, positionMs: Long?): Boolean {
        val c = controllers().firstOrNull { idOf(it) == sessionId } ?: return false
        val transport = c.transportControls
        when (control) {
            "play" -> transport.play()
            "pause" -> transport.pause()
            "seek" -> transport.seekTo(positionMs ?: return false)
            else -> return false
        }
        return true
    }

    private fun PlaybackState.isActiveState() = state != PlaybackState.STATE_NONE && state != PlaybackState.STATE_STOPPED && state != PlaybackState.STATE_ERROR

    private fun stateName(state: Int?): String = when (state) {
        PlaybackState.STATE_PLAYING -> "playing"
        PlaybackState.STATE_PAUSED -> "paused"
        PlaybackState.STATE_BUFFERING -> "buffering"
        PlaybackState.STATE_STOPPED -> "stopped"
        PlaybackState.STATE_CONNECTING -> "connecting"
        PlaybackState.STATE_FAST_FORWARDING -> "fast_forwarding"
        PlaybackState.STATE_REWINDING -> "rewinding"
        PlaybackState.STATE_SKIPPING_TO_NEXT, PlaybackState.STATE_SKIPPING_TO_PREVIOUS, PlaybackState.STATE_SKIPPING_TO_QUEUE_ITEM -> "skipping"
        PlaybackState.STATE_ERROR -> "error"
        else -> "none"
    }

    private fun controls(actions: Long): List<String> {
        val out = ArrayList<String>()
        if ((actions and (PlaybackState.ACTION_PLAY or PlaybackState.ACTION_PLAY_PAUSE)) != 0L) out.add("play")
        if ((actions and (PlaybackState.ACTION_PAUSE or PlaybackState.ACTION_PLAY_PAUSE)) != 0L) out.add("pause")
        if ((actions and PlaybackState.ACTION_SEEK_TO) != 0L) out.add("seek")
        return out
    }
}
