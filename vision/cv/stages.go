package cv

import "time"

// stage is a step of a reading, for the time each takes (Reader.spent):
// a slow frame's time lies in the steps that read unsure dice again.
type stage int

// The stages of a reading, in order (read, readFound).
const (
	stageDetect        stage = iota // finding the dice and their top faces
	stageFirst                      // each die's first placements (glyphPlaced, classifyDie, squareUp)
	stageRecentre                   // recentre
	stageLastTry                    // lastTry
	stageLastChecks                 // lastChecks (every die's, with the glare fits of dice still unsure)
	stagePlaceAgain                 // placeAgain
	stageSecondLook                 // secondLook
	stageAtFrameSize                // atFrameSize
	stageSureChecks                 // sureChecks and overfull
	stageByElimination              // byElimination
	stageCount
)

var stageNames = [stageCount]string{"detect", "first placements", "recentre", "lastTry", "lastChecks", "placeAgain", "secondLook", "atFrameSize", "sureChecks", "byElimination"}

func (s stage) String() string { return stageNames[s] }

// stageTimes is the time a reading spent in each stage.
type stageTimes [stageCount]time.Duration

// lap adds the time since t to stage s and gives the time now.
func (r *Reader) lap(s stage, t time.Time) time.Time {
	now := time.Now()
	r.spent[s] += now.Sub(t)
	return now
}

// StageTime is the time a reading spent in one of its stages.
type StageTime struct {
	Stage  string
	Millis float64
}

// StageTimes is the time the last reading spent in each of its stages,
// in order: finding the dice, their first placements, then the stages
// that read dice still unsure again.
func (r *Reader) StageTimes() []StageTime {
	out := make([]StageTime, stageCount)
	for s, d := range r.spent {
		out[s] = StageTime{Stage: stage(s).String(), Millis: float64(d.Microseconds()) / 1000}
	}
	return out
}
