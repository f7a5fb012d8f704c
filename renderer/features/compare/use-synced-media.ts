// Two media elements under one control: one play/pause, one position, kept in step. The
// longer of the two leads (the position bar covers both); the other follows, corrected when it drifts, and rests
// at its end when it is the shorter. Neither element shows its own controls, so every change comes from here.
import { useCallback, useEffect, useState } from 'react';

/** How far the follower may drift before it is moved back in step (a jump is audible, a small lag is not). */
const DRIFT_SECONDS = 0.08;

export interface SyncedMedia {
  /** Callback refs for the two elements (a <video> or an <audio> each). */
  a: (element: HTMLMediaElement | null) => void;
  b: (element: HTMLMediaElement | null) => void;
  playing: boolean;
  /** Position of the leader, seconds. */
  time: number;
  /** The longer of the two durations, seconds (0 until known). */
  duration: number;
  toggle: () => void;
  seek: (seconds: number) => void;
}

const lengthOf = (media: HTMLMediaElement | null) =>
  media && Number.isFinite(media.duration) ? media.duration : 0;

export function useSyncedMedia(): SyncedMedia {
  // Held as state, so the listeners follow an element that is replaced (a raw PCM take's WAV arriving later).
  const [first, setFirst] = useState<HTMLMediaElement | null>(null);
  const [second, setSecond] = useState<HTMLMediaElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);

  const pair = useCallback(() => {
    if (!first || !second) return null;
    return lengthOf(second) > lengthOf(first)
      ? { leader: second, follower: first }
      : { leader: first, follower: second };
  }, [first, second]);

  // Durations, the leader's end and its position, from the elements' own events.
  useEffect(() => {
    const elements = [first, second].filter((m): m is HTMLMediaElement => m !== null);
    const onDuration = () => setDuration(Math.max(lengthOf(first), lengthOf(second)));
    const onTime = () => {
      const now = pair();
      if (now) setTime(now.leader.currentTime);
    };
    const onEnded = (event: Event) => {
      const now = pair();
      if (now && event.target === now.leader) {
        now.follower.pause();
        setPlaying(false);
      }
    };
    for (const media of elements) {
      media.addEventListener('loadedmetadata', onDuration);
      media.addEventListener('durationchange', onDuration);
      media.addEventListener('timeupdate', onTime);
      media.addEventListener('ended', onEnded);
    }
    onDuration();
    return () => {
      for (const media of elements) {
        media.removeEventListener('loadedmetadata', onDuration);
        media.removeEventListener('durationchange', onDuration);
        media.removeEventListener('timeupdate', onTime);
        media.removeEventListener('ended', onEnded);
      }
    };
  }, [first, second, pair]);

  // While playing, each frame checks the follower against the leader.
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const step = () => {
      const now = pair();
      if (now) {
        const { leader, follower } = now;
        const inRange = leader.currentTime < lengthOf(follower);
        if (inRange && Math.abs(follower.currentTime - leader.currentTime) > DRIFT_SECONDS) {
          follower.currentTime = leader.currentTime;
        }
        // Seeking back into the shorter one's length wakes it again (an ended one stays at its end: play()
        // would start it over from 0).
        if (inRange && follower.paused && !follower.ended && !leader.paused) {
          void follower.play().catch(() => undefined);
        }
      }
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [playing, pair]);

  const toggle = useCallback(() => {
    const now = pair();
    if (!now) return;
    const { leader, follower } = now;
    if (!leader.paused) {
      leader.pause();
      follower.pause();
      setPlaying(false);
      return;
    }
    // At the end, play means from the start again.
    if (leader.ended || leader.currentTime >= lengthOf(leader)) {
      leader.currentTime = 0;
      follower.currentTime = 0;
    } else follower.currentTime = Math.min(leader.currentTime, lengthOf(follower));
    setPlaying(true);
    void leader.play().catch(() => setPlaying(false));
    if (leader.currentTime < lengthOf(follower)) void follower.play().catch(() => undefined);
  }, [pair]);

  const seek = useCallback(
    (seconds: number) => {
      const now = pair();
      if (!now) return;
      now.leader.currentTime = seconds;
      now.follower.currentTime = Math.min(seconds, lengthOf(now.follower));
      setTime(seconds);
    },
    [pair],
  );

  return { a: setFirst, b: setSecond, playing, time, duration, toggle, seek };
}
