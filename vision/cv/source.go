package cv

import (
	"errors"
	"fmt"
	"image"
	"io"

	"gocv.io/x/gocv"

	"tableside/vision"
)

// Camera is a live camera read through OpenCV's VideoCapture: a USB/V4L2
// camera (OpenCamera) or the Raspberry Pi camera through GStreamer's
// libcamerasrc (OpenPiCamera). It is a vision.Source.
type Camera struct {
	vc   *gocv.VideoCapture
	buf  gocv.Mat
	hint string
	gone bool
}

// FrameWidth and FrameHeight are the frame size to ask a camera for: the
// reader's accuracy and speed are measured at 1280×720 (a 1920×1080
// frame reads as well, a third more slowly), and a USB camera left at its
// default size often gives 640×480, its dice half as large.
const (
	FrameWidth  = 1280
	FrameHeight = 720
)

// OpenCamera opens the V4L2/USB camera /dev/video<device> and asks it for
// w×h frames in MJPEG (a USB 2 camera sends HD frames at full rate only
// so). A camera gives the nearest size it can: Size tells which.
func OpenCamera(device, w, h int) (*Camera, error) {
	hint := fmt.Sprintf("is the camera plugged in? check /dev/video%d and that no other program uses it", device)
	vc, err := gocv.OpenVideoCaptureWithAPI(device, gocv.VideoCaptureV4L2)
	cam, err := newCamera(vc, err, hint)
	if err != nil {
		return nil, err
	}
	cam.vc.Set(gocv.VideoCaptureFOURCC, cam.vc.ToCodec("MJPG"))
	cam.vc.Set(gocv.VideoCaptureFrameWidth, float64(w))
	cam.vc.Set(gocv.VideoCaptureFrameHeight, float64(h))
	return cam, nil
}

// PiPipeline is the GStreamer pipeline OpenPiCamera opens: on Raspberry Pi OS
// Bookworm the camera is only reachable through libcamera.
func PiPipeline(w, h int) string {
	return fmt.Sprintf("libcamerasrc ! video/x-raw,width=%d,height=%d,format=BGRx ! videoconvert ! video/x-raw,format=BGR ! appsink drop=true max-buffers=2", w, h)
}

// OpenPiCamera opens the Raspberry Pi camera at w×h through GStreamer.
func OpenPiCamera(w, h int) (*Camera, error) {
	hint := "is the Pi camera's ribbon cable seated, and does `libcamera-hello --list-cameras` see it? (needs OpenCV built with GStreamer and gstreamer1.0-libcamera)"
	vc, err := gocv.OpenVideoCaptureWithAPI(PiPipeline(w, h), gocv.VideoCaptureGstreamer)
	return newCamera(vc, err, hint)
}

func newCamera(vc *gocv.VideoCapture, err error, hint string) (*Camera, error) {
	if err != nil || vc == nil || !vc.IsOpened() {
		if vc != nil {
			vc.Close()
		}
		return nil, fmt.Errorf("cv: open camera: %w (%s)", vision.ErrSourceGone, hint)
	}
	return &Camera{vc: vc, buf: gocv.NewMat(), hint: hint}, nil
}

// FrameMat reads the next frame into the camera's own buffer and returns it;
// the Mat stays owned by the camera and is overwritten by the next read.
func (c *Camera) FrameMat() (gocv.Mat, error) {
	if c.gone || c.vc == nil {
		return c.buf, fmt.Errorf("cv: camera: %w (%s)", vision.ErrSourceGone, c.hint)
	}
	if !c.vc.Read(&c.buf) || c.buf.Empty() {
		c.gone = true
		return c.buf, fmt.Errorf("cv: camera gave no frame: %w (%s)", vision.ErrSourceGone, c.hint)
	}
	return c.buf, nil
}

// Size is the size of the frames the camera gives, which may not be the
// size it was asked for (0×0 once it is closed).
func (c *Camera) Size() (w, h int) {
	if c.vc == nil {
		return 0, 0
	}
	return int(c.vc.Get(gocv.VideoCaptureFrameWidth)), int(c.vc.Get(gocv.VideoCaptureFrameHeight))
}

// Frame reads the next frame as an image.
func (c *Camera) Frame() (image.Image, error) {
	m, err := c.FrameMat()
	if err != nil {
		return nil, err
	}
	img, err := m.ToImage()
	if err != nil {
		return nil, fmt.Errorf("cv: camera frame: %w", err)
	}
	return img, nil
}

// Close releases the camera.
func (c *Camera) Close() error {
	if c.vc == nil {
		return nil
	}
	err := c.vc.Close()
	c.buf.Close()
	c.vc = nil
	return err
}

// Files is a vision.Source giving image files one after the other; after the
// last one Frame returns io.EOF.
type Files struct {
	paths []string
	next  int
}

// OpenFiles is a source reading the given image files in order.
func OpenFiles(paths ...string) *Files {
	return &Files{paths: paths}
}

// Frame reads the next file.
func (f *Files) Frame() (image.Image, error) {
	m, err := f.FrameMat()
	if err != nil {
		return nil, err
	}
	defer m.Close()
	img, err := m.ToImage()
	if err != nil {
		return nil, fmt.Errorf("cv: files: %w", err)
	}
	return img, nil
}

// FrameMat reads the next file into a new Mat (caller closes).
func (f *Files) FrameMat() (gocv.Mat, error) {
	if f.next >= len(f.paths) {
		return gocv.Mat{}, io.EOF
	}
	p := f.paths[f.next]
	f.next++
	return ReadImageFile(p)
}

// Close does nothing: files hold no device.
func (f *Files) Close() error { return nil }

// IsGone reports whether err says a camera source has gone.
func IsGone(err error) bool { return errors.Is(err, vision.ErrSourceGone) }
