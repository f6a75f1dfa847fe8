// Package cv is Tableside's dice reader built on OpenCV (gocv, cgo). It finds
// the dice in a camera frame, rectifies each die's top face, and classifies
// the face (and the die's kind, from its face and body colour) against faces
// taught from the player's own dice: Teach learns a Model from a directory
// DIR/<kind>/<face>/*.png|*.jpg, Model.Save and Load keep it in one file, and
// a Reader (a vision.Reader) reads frames. It also holds the camera sources
// (USB/V4L2, the Raspberry Pi camera through GStreamer, image files), all
// vision.Source.
//
// Every result carries a confidence in [0,1]; a die whose confidence is
// below the model's threshold (0.5) is reported Unsure with face "". The X
// faces of same-coloured kinds look alike: when the kind of an X die is
// ambiguous the reader reports the face "X" with the face's confidence and
// picks the kind from the colour, then from how many dice of each kind the
// frame already holds (2 Trick, 2 Bank, 1 of every other kind).
package cv
