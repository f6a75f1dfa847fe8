// Package cv is Tableside's dice reader built on OpenCV (gocv, cgo). It finds
// the dice in a camera frame, rectifies each die's top face, and classifies
// the face (and the die's kind, from its face and body colour) against faces
// taught from the player's own dice: Teach learns a Model from a directory
// DIR/<kind>/<face>/*.png|*.jpg, Model.Save and Load keep it in one file, and
// a Reader (a vision.Reader) reads frames. It also holds the camera sources
// (USB/V4L2, the Raspberry Pi camera through GStreamer, image files), all
// vision.Source.
//
// Reading a frame: the dice are found on a 640-pixel-wide copy (what
// differs from the mat in colour or brightness, or carries a glyph's
// contrast); the expected die size is a plane over the frame (perspective),
// touching dice are split by a watershed and by trimming a die out of what
// is joined to it, blobs that are not die-sized and square are dropped.
// Each die's top face is placed as a square of that size where its body
// colour is (a black die on a dark mat: where it is darker than the mat
// about it), warped to 48×48 and turned into an ink map (0 body, 1 glyph,
// whatever the light). The face is read by a linear discriminant learnt at
// teach time from many variants of every teach image (placement, light,
// gradient, glare spot, blur, noise) at any quarter turn, and checked
// against the faces' templates with small shifts (see classify.go); the
// kind comes from the body colour (log chroma that a warm or cool light
// hardly moves) among the kinds with that face. A face whose edges (the
// die's outline about it) run well off its placed square is read again
// squared up along them (see angle.go). A die not read surely is
// tried at a few other placements (turned, resized, shifted towards its
// glyph), and the best fit is kept. A die still not read surely is read
// again with a glare spot fitted (see glarefit.go): the likeliest faces'
// templates fitted together with a smooth round spot that moves the
// body's level and the glyph's contrast, the spot taken out of the ink
// map (each pixel weighed by the contrast it leaves) and the body colour,
// and the face read again; it is kept when sure and the spot hides
// little of what tells it from the other faces. Once every die was read,
// a die still not read surely whose top face was placed at another size
// than the frame's dice read surely is read again at their size, their
// median and then where it lies (touching dice split unevenly leave a
// face placed too small), half a step further when a size reads it
// closer but not surely, and then without the kinds the frame has no
// room left for. Last (before that reading by elimination, and after),
// a die read surely but loosely is read again centred on its glyph, and
// takes the sure reading there of another face that fits far better (a
// Bank 4 on a dark mat placed a fifth off reads as a 6); a die read
// surely at a placement its edges run 20° or more off is read again
// turned along them, and left unsure unless sure there (a numeral read
// turned by an eighth: a Bank X is a +, read as a 4); one whose edges run
// 15° or more off but too faintly to doubt it by (a dark die on a dark
// mat) takes the reading turned along them when that is sure, of another
// face, and fits better; left unsure too is one read as a kind with
// light ink whose body is far too bright for it beside the dice read
// surely with dark ink (see surecheck.go).
//
// Every result carries a confidence in [0,1]; a die whose confidence is
// below the model's threshold (0.5) is reported Unsure with face "". The X
// faces of same-coloured kinds look alike: when the kind of an X die is
// ambiguous the reader reports the face "X" with the face's confidence and
// picks the kind from the colour, then from how many dice of each kind the
// frame already holds (2 Trick, 2 Bank, 1 of every other kind).
package cv
