// Package cv is Tableside's dice reader built on OpenCV (gocv, cgo). It finds
// the dice in a camera frame, rectifies each die's top face, and classifies
// the face (and the die's kind, from its face and body colour) against faces
// taught from the player's own dice: Teach learns a Model from a directory
// DIR/<kind>/<face>/*.png|*.jpg, Model.Save and Load keep it in one file, and
// a Reader (a vision.Reader) reads frames. It also holds the camera sources
// (USB/V4L2, the Raspberry Pi camera through GStreamer, image files), all
// vision.Source.
//
// Reading a frame: the dice are found on a half-size copy (what differs from
// the mat in colour or brightness, or carries a glyph's contrast; touching
// dice split by a watershed); each die's top face is placed as a square of
// the frame's die size (fitted over the frame) where its body colour is;
// the face is warped to 48×48 and turned into an ink map (0 body, 1 glyph,
// whatever the light), matched against every taught face at 4 rotations
// and small shifts by a robust sum of squared differences. The face wins
// by its evidence against the closest other face, the kind by the body
// colour (log chroma that a warm or cool light hardly moves) among the
// kinds with that face. A die not read surely is tried at a few other
// placements (turned 45°, resized, shifted).
//
// Every result carries a confidence in [0,1]; a die whose confidence is
// below the model's threshold (0.5) is reported Unsure with face "". The X
// faces of same-coloured kinds look alike: when the kind of an X die is
// ambiguous the reader reports the face "X" with the face's confidence and
// picks the kind from the colour, then from how many dice of each kind the
// frame already holds (2 Trick, 2 Bank, 1 of every other kind).
package cv
