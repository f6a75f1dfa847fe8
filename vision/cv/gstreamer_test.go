package cv

import (
	"errors"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"tableside/vision"
)

// TestPiPipelineThroughGStreamer runs the Pi camera's pipeline with a test
// source in place of libcamerasrc: Debian's OpenCV reads it through
// GStreamer (caps, videoconvert to BGR, appsink), and the end of the stream
// reads as a camera gone.
func TestPiPipelineThroughGStreamer(t *testing.T) {
	pipe := strings.Replace(PiPipeline(640, 480), "libcamerasrc", "videotestsrc num-buffers=3", 1)
	vc, err := gocv.OpenVideoCaptureWithAPI(pipe, gocv.VideoCaptureGstreamer)
	cam, err := newCamera(vc, err, "test pipeline")
	if err != nil {
		t.Fatalf("OpenCV cannot open a GStreamer pipeline (is gstreamer1.0-plugins-base installed?): %v", err)
	}
	defer cam.Close()
	if w, h := cam.Size(); w != 640 || h != 480 {
		t.Errorf("Size() = %dx%d, want the pipeline's 640x480", w, h)
	}
	for i := 0; i < 3; i++ {
		m, err := cam.FrameMat()
		if err != nil {
			t.Fatalf("frame %d: %v", i, err)
		}
		if m.Cols() != 640 || m.Rows() != 480 || m.Type() != gocv.MatTypeCV8UC3 {
			t.Fatalf("frame %d: %dx%d type %v, want 640x480 BGR", i, m.Cols(), m.Rows(), m.Type())
		}
	}
	if _, err := cam.FrameMat(); !errors.Is(err, vision.ErrSourceGone) {
		t.Errorf("after the stream's end: %v, want ErrSourceGone", err)
	}
}

// TestPiCameraMissing: without a camera, opening the Pi camera fails with
// ErrSourceGone and says what to check.
func TestPiCameraMissing(t *testing.T) {
	cam, err := OpenPiCamera(640, 480)
	if err == nil {
		cam.Close()
		t.Skip("a Pi camera is attached")
	}
	if !errors.Is(err, vision.ErrSourceGone) || !strings.Contains(err.Error(), "ribbon cable") {
		t.Errorf("error %v", err)
	}
}
